import { useGoBack } from '@/hooks/use-go-back';
import { Banner } from './banner';
import { texts } from './texts';
import './header.css';

type HeaderProps = {
  /** A screen's title; Home has none and shows the banner with the tagline instead. */
  title?: string;
};

export function Header({ title }: HeaderProps) {
  const goBack = useGoBack();

  if (!title) {
    return (
      <header className="header header--banner">
        <div className="header__banner">
          <Banner />
        </div>
        <h1 className="header__tagline">{texts.tagline}</h1>
      </header>
    );
  }

  return (
    <header className="header header--titled">
      <button type="button" className="header__back" aria-label={texts.back} onClick={goBack}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path d="M15 5 8 12l7 7" />
        </svg>
      </button>
      <h1 className="header__title">{title}</h1>
    </header>
  );
}
