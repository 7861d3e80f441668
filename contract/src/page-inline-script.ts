/**
 * The pages' one inline script (the build writes it first into every page's head, web/vite.config.ts;
 * the server's CSP allows it by its SHA-256, server/src/http/security-headers.ts). It opens the
 * page's localStorage while the HTML is parsed, before anything can be drawn or tapped: a first
 * access waits on the browser for the whole store (4–10 ms on a desktop, 20–40 ms under Lighthouse
 * in a fresh profile), and the app's first render reads the user kept there
 * (features/session/user-state.ts). Read later, in a task of the early script's, the wait fell
 * among the app's first tasks and counted as blocking time (docs/performance.md, «Lighthouse as a
 * phone»).
 * Storage refused (a private mode, a webview's setting): the app does without it.
 */
export const PAGE_INLINE_SCRIPT = 'try{localStorage.length}catch(e){}';
