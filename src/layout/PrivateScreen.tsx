import { Title } from 'react-admin';
import { PlaceholderPage } from '@/src/custom/placeholder';
import type { AppRoute } from '@/src/screens';
import { usePage } from './usePage';

/** A signed-in route's title in the app bar and its screen (or the placeholder of a route without one). */
export function PrivateScreen({ route }: { route: AppRoute }) {
  const title = usePage(`flock.routes.${route.title}.title`);
  const Screen = route.screen;
  return (
    <>
      <Title title={title} />
      {Screen ? <Screen /> : <PlaceholderPage name={route.title} />}
    </>
  );
}
