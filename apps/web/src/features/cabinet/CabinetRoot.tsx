// The cabinet's router: react-router on the app's one history (lib/appHistory.ts), loaded with the cabinet
// so the public pages and /auth need no router library (docs/web.md "First page").
import { Route, Routes, unstable_HistoryRouter as HistoryRouter, type To } from 'react-router-dom';
import { appHistory } from '../../lib/appHistory.ts';
import CabinetArea from './CabinetArea.tsx';
import { startAreaChunk } from './cabinetAreas.ts';

startAreaChunk(window.location.pathname);

type RouterHistory = Parameters<typeof HistoryRouter>[0]['history'];

function urlOf(to: To): URL {
  return new URL(typeof to === 'string' ? to : appHistory.createHref(to), window.location.href);
}

/**
 * The app's history in the shape react-router's routers read (its own browser history's interface; the
 * actions are the same strings, 'POP', 'PUSH', 'REPLACE').
 */
const routerHistory: RouterHistory = {
  get action() {
    return appHistory.action;
  },
  get location() {
    return appHistory.location;
  },
  createHref: (to) => appHistory.createHref(to),
  createURL: urlOf,
  encodeLocation(to) {
    const { pathname, search, hash } = urlOf(to);
    return { pathname, search, hash };
  },
  push: (to, state) => appHistory.push(to, state),
  replace: (to, state) => appHistory.replace(to, state),
  go: (delta) => appHistory.go(delta),
  listen: (listener) =>
    appHistory.listen(({ location }) => listener({ action: appHistory.action, location, delta: null })),
};

export default function CabinetRoot() {
  return (
    <HistoryRouter history={routerHistory}>
      <Routes>
        <Route path="app/*" element={<CabinetArea />} />
      </Routes>
    </HistoryRouter>
  );
}
