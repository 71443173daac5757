// A ticket message the server built as HTML, with every value escaped, shown before it is sent. It
// is still shown only inside a sandboxed frame (no scripts, no same-origin access), never spliced
// into the portal's own page.
export function MessagePreviewFrame({
  html,
  title,
  height,
}: {
  html: string;
  title: string;
  height: number;
}) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={html}
      style={{
        width: '100%',
        height,
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
        background: 'var(--mantine-color-body)',
      }}
    />
  );
}
