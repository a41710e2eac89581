import { Chip } from '@mui/material';
import { amber, blue, green, grey, orange, pink, purple, red, teal } from '@mui/material/colors';
import type { PersonTag, TagColour } from '@/domain/people/tags';

/** The palette's shades: light enough for dark text on both themes (docs/decisions/0212). */
const SHADES: Record<TagColour, string> = {
  grey: grey[300],
  red: red[200],
  orange: orange[200],
  yellow: amber[200],
  green: green[200],
  teal: teal[200],
  blue: blue[200],
  purple: purple[200],
  pink: pink[200],
};

/** A tag as a chip in its colour (grey when it has none). */
export function TagChip({ tag }: { tag: Pick<PersonTag, 'name' | 'colour'> }) {
  return <Chip size="small" label={tag.name} sx={{ bgcolor: SHADES[tag.colour ?? 'grey'], color: 'rgba(0, 0, 0, 0.87)', mr: 0.5 }} />;
}

/** A row's tags as chips. */
export function TagChips({ tags }: { tags?: PersonTag[] | null }) {
  return (
    <>
      {(tags ?? []).map((tag) => (
        <TagChip key={tag.id} tag={tag} />
      ))}
    </>
  );
}
