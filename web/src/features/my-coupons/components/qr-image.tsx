import { useQrImage } from '../api/get-qr-image';

type QrImageProps = { url: string; alt: string; className?: string };

/** A coupon's QR; until it has come, the white square it will fill. */
export function QrImage({ url, alt, className }: QrImageProps) {
  const { data: src } = useQrImage(url);
  return src ? (
    <img className={className} src={src} alt={alt} />
  ) : (
    <span className={className} aria-hidden="true" />
  );
}
