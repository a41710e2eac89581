import { Link, Typography } from '@mui/material';
import { linkify } from './linkify';

/** A message's plain text: line breaks kept, web addresses as links, nothing ever read as HTML. */
export function MessageText({ text }: { text: string }) {
  return (
    <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {linkify(text).map((piece, i) =>
        piece.href ? (
          <Link key={i} href={piece.href} target="_blank" rel="noopener noreferrer">
            {piece.text}
          </Link>
        ) : (
          <span key={i}>{piece.text}</span>
        ),
      )}
    </Typography>
  );
}
