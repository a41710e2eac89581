import { describe, expect, it } from 'vitest';
import { nameByType } from './fileNames.js';

describe('nameByType', () => {
  it('gives a file the extension of the type its bytes show', () => {
    expect(nameByType('evil.html', 'image/png')).toBe('evil.png');
    expect(nameByType('evil.png.html', 'image/png')).toBe('evil.png.png');
    expect(nameByType('notes', 'application/pdf')).toBe('notes.pdf');
    expect(nameByType('Mr. Obi minutes', 'application/pdf')).toBe('Mr. Obi minutes.pdf');
  });

  it('keeps an extension of that type as it was', () => {
    expect(nameByType('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(nameByType('photo.jpg', 'image/jpeg')).toBe('photo.jpg');
    expect(nameByType('Scan.PDF', 'application/pdf')).toBe('Scan.PDF');
  });

  it('drops the trailing dots and spaces Windows drops, folders and control characters', () => {
    expect(nameByType('evil.html. . ', 'image/png')).toBe('evil.png');
    expect(nameByType('../../etc/evil.html', 'image/gif')).toBe('evil.gif');
    expect(nameByType('C:\\Users\\me\\a\u0000b.svg', 'image/svg+xml')).toBe('ab.svg');
  });

  it('names a nameless file, or one that is all extension, by the fallback', () => {
    expect(nameByType('', 'image/webp', 'attachment')).toBe('attachment.webp');
    expect(nameByType('.png', 'image/png')).toBe('file.png');
    expect(nameByType('.html', 'image/png', 'avatar')).toBe('avatar.png');
  });
});
