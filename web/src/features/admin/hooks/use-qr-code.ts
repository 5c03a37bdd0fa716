import type * as QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export type QrCode = { src?: string; failed?: boolean };

/** `qrcode` is CommonJS: depending on the bundler its functions are on the namespace or on its `default`. */
type QrModule = Partial<typeof QRCode> & { default?: typeof QRCode };

/**
 * `text` as a QR code image (a `data:` PNG URL, drawn in the browser: the secret it holds never leaves the page).
 * The `qrcode` package loads only when an admin sets up two-step sign-in, so no other page pays for it.
 */
export function useQrCode(text: string): QrCode {
  const [drawn, setDrawn] = useState<QrCode & { text?: string }>({});
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((module: QrModule) => {
        const toDataURL = module.toDataURL ?? module.default?.toDataURL;
        if (!toDataURL) throw new Error('qrcode has no toDataURL');
        return toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 220 });
      })
      .then(
        (src) => current && setDrawn({ text, src }),
        () => current && setDrawn({ text, failed: true }),
      );
    return () => {
      current = false;
    };
  }, [text]);
  return drawn.text === text ? drawn : {};
}
