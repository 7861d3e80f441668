/** Telegram's paper plane on a round button, as people know the app they are asked to open. */
export function TelegramIcon() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
      <circle cx="24" cy="24" r="24" className="dev-login__icon-circle" />
      <path
        d="M11 23.5 34.5 14c1-.4 1.9.3 1.6 1.7l-4 18.9c-.3 1.3-1.1 1.6-2.2 1l-6-4.4-2.9 2.8c-.3.3-.6.6-1.2.6l.4-6.1 11.1-10c.5-.4-.1-.7-.7-.3l-13.7 8.6-5.9-1.8c-1.3-.4-1.3-1.3.3-1.9Z"
        className="dev-login__icon-plane"
      />
    </svg>
  );
}
