import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Avatar, styled } from '@mui/material';
import { filesCalls } from '@/domain/files/calls';
import { fetchFile } from '@/src/dataProvider/fetchFile';

/**
 * A member's photo in the member list (docs/decisions/0215-directory.md): the avatar's 96-pixel
 * thumbnail, asked for only once the row scrolls into view, kept for the session by the avatar's
 * version (the API's answers stay out of the browser's cache), and the person's initials while
 * there is none or it does not load.
 */

const KEPT = 500;
/** Object URLs of thumbnails by person and avatar version, oldest first; null: none to show. */
const kept = new Map<string, Promise<string | null>>();

function thumbnailUrl(userId: string, version: string): Promise<string | null> {
  const key = `${userId}:${version}`;
  const known = kept.get(key);
  if (known) return known;
  const loading = fetchFile(filesCalls.getAvatarThumbnail, { UserId: userId })
    .then(async (res) => (res.ok ? URL.createObjectURL(await res.blob()) : null))
    .catch(() => null);
  kept.set(key, loading);
  if (kept.size > KEPT) {
    const [oldest, url] = kept.entries().next().value!;
    kept.delete(oldest);
    void url.then((u) => u && URL.revokeObjectURL(u));
  }
  return loading;
}

const initialsOf = (name: string) => {
  const words = name.split(/\s+/).filter(Boolean);
  return [words[0], words.length > 1 ? words[words.length - 1] : undefined]
    .filter(Boolean)
    .map((w) => w![0].toUpperCase())
    .join('');
};

/** Whether the element has come into view (at once where IntersectionObserver is missing). */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (seen || !ref.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: '200px' });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}

type Props = { userId: string; name: string; version?: string | null; size?: number };

export function MemberPhoto({ userId, name, version, size = 40 }: Props) {
  const { ref, seen } = useSeen<HTMLDivElement>();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!version || !seen) return;
    let live = true;
    void thumbnailUrl(userId, version).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [userId, version, seen]);
  return (
    <Avatar
      ref={ref}
      src={src ?? undefined}
      alt={name}
      // The initials stand for the photo: named like it.
      {...(src ? {} : { role: 'img', 'aria-label': name })}
      // A style, not an sx: one per card, and emotion would make a class of each (docs/decisions/0252).
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}

const PhotoRow = styled('div')(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(1.5) }));

/** A phone card's heading: the photo beside the name. */
export function WithPhoto({ userId, name, version, children }: Props & { children: ReactNode }) {
  return (
    <PhotoRow>
      <MemberPhoto userId={userId} name={name} version={version} />
      <div>{children}</div>
    </PhotoRow>
  );
}
