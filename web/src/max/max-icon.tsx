/** A speech bubble on a round button, for the messenger people are asked to open (MAX). */
export function MaxIcon() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
      <circle cx="24" cy="24" r="24" className="dev-login__icon-circle" />
      <path
        d="M24 12c-7.2 0-12.5 5-12.5 11.6 0 3.3 1.4 6.3 3.7 8.4l-.9 5 5-2.3c1.4.4 3 .6 4.7.6 7.2 0 12.5-5 12.5-11.7S31.2 12 24 12Z"
        className="dev-login__icon-plane"
      />
    </svg>
  );
}
