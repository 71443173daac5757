import type { FieldError } from '@lightpath/domain/api';

// Typed errors: services throw these and one handler (error-handler.ts) turns them into the envelope.
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export class Invalid extends AppError {
  constructor(message: string, errors?: FieldError[]) {
    super(400, message, errors ?? [{ path: '', message }]);
  }
  static field(path: string, message: string) {
    return new Invalid(message, [{ path, message }]);
  }
}

export class Unauthorized extends AppError {
  constructor(message: string) {
    super(401, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do that') {
    super(403, message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, path?: string) {
    super(409, message, path ? [{ path, message }] : undefined);
  }
}

export class RateLimited extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

// The instance cannot serve now (its database is away, it is shutting down); another may.
export class Unavailable extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
