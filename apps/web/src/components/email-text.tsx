import { Text, type TextProps } from '@mantine/core';

// Long addresses wrap after the @ rather than mid-word, so both halves stay readable in narrow cells.
export function EmailText({ email, ...props }: { email: string } & TextProps) {
  const at = email.lastIndexOf('@');
  return (
    <Text fz="sm" {...props} style={{ overflowWrap: 'break-word' }}>
      {at > 0 ? (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      ) : (
        email
      )}
    </Text>
  );
}
