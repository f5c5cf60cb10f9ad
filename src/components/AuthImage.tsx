// An image whose url may be a stored image (/sys/file/...): those bytes need the session's token, so they are
// fetched and shown from an object URL (released when the image goes); any other url is shown as it is.
import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { fetchImage, isStoredImage } from '../api/files';

export function useImageSource(url: string | null | undefined): string | undefined {
  const stored = Boolean(url && isStoredImage(url));
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!url || !stored) return;
    let current = true;
    let created: string | undefined;
    fetchImage(url)
      .then((blob) => {
        if (!current) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      // A failed read was reported by the HTTP error saga; the image stays empty (its alt shows).
      .catch(() => undefined);
    return () => {
      current = false;
      setObjectUrl(undefined);
      if (created) URL.revokeObjectURL(created);
    };
  }, [url, stored]);
  return stored ? objectUrl : (url ?? undefined);
}

export function AuthImage({
  src,
  alt,
  ...props
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const source = useImageSource(src);
  return <img src={source} alt={alt} {...props} />;
}
