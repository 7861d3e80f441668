import { uiTexts } from './texts';
import './spinner.css';

/** A turning wheel with the words saying what is under way (inside a button or on its own), «Загрузка…» unless told. */
export function Spinner({ label = uiTexts.loading }: { label?: string }) {
  return (
    <span className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      {label}
    </span>
  );
}
