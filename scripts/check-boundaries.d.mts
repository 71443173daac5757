export type BoundaryViolation = { file: string; line: number; specifier: string; broken: string };
export function findBoundaryViolations(srcDir: string): BoundaryViolation[];
