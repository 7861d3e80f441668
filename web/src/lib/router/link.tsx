import { type AnchorHTMLAttributes, type MouseEvent, useEffect } from 'react';
import { type NavigateOptions, useLocation, useNavigate } from './router';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string } & NavigateOptions;

const opensElsewhere = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button !== 0 ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey ||
  (event.currentTarget.target !== '' && event.currentTarget.target !== '_self');

/**
 * A link inside the app: a plain `<a>` (it can be opened in a new tab), moving without a page load
 * when simply clicked. A link to where the app already is replaces the entry instead of adding one.
 */
export function Link({ to, replace, onClick, ...anchor }: LinkProps) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || opensElsewhere(event)) return;
        event.preventDefault();
        navigate(to, { replace: replace ?? to === `${pathname}${search}${hash}` });
      }}
    />
  );
}

/** Moves to `to` once drawn: an address with no screen sends the user where there is one. */
export function Navigate({ to, replace }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}
