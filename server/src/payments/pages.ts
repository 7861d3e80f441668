const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A small standalone Russian page (the checkout opens in a browser, outside the mini-app). */
export function paymentPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; padding: 24px 16px; display: flex; justify-content: center; }
  main { max-width: 420px; width: 100%; }
  h1 { font-size: 22px; margin: 0 0 16px; }
  .card { border: 1px solid color-mix(in srgb, currentColor 20%, transparent); border-radius: 12px; padding: 16px; margin-bottom: 20px; }
  .amount { font-size: 28px; font-weight: 700; margin-top: 8px; }
  .hint { opacity: .7; font-size: 14px; }
  form { margin: 0 0 12px; }
  button { width: 100%; padding: 14px; font-size: 16px; font-weight: 600; border-radius: 10px; border: 0; cursor: pointer; }
  .pay { background: #2e7d32; color: #fff; }
  .cancel { background: transparent; color: inherit; border: 1px solid color-mix(in srgb, currentColor 30%, transparent); }
</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export { escapeHtml };
