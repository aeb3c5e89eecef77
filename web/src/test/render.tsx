import { act, render } from '@testing-library/react';
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { typePolicies } from '../apollo/client';
import { AppRoutes, createRoutes, preloadPage } from '../routes';

/** What tests read of the router: the current location, and a way to navigate. */
export interface TestRouter {
  state: { location: Location };
  navigate: NavigateFunction;
}

function RouterProbe({ into }: { into: { location?: Location; navigate?: NavigateFunction } }) {
  into.location = useLocation();
  into.navigate = useNavigate();
  return null;
}

/**
 * Render the real route table at `path` with mocked GraphQL answers and the
 * app's own cache rules, as a user would reach it.
 */
export function renderRoute(path: string, mocks: ReadonlyArray<MockLink.MockedResponse> = []) {
  const probe: { location?: Location; navigate?: NavigateFunction } = {};
  const utils = render(
    <MockedProvider mocks={mocks} cache={new InMemoryCache({ typePolicies })}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes routes={createRoutes()} />
        <RouterProbe into={probe} />
      </MemoryRouter>
    </MockedProvider>,
  );
  const router: TestRouter = {
    state: {
      get location() {
        return probe.location!;
      },
    },
    navigate: ((...args: Parameters<NavigateFunction>) => (probe.navigate as (...a: unknown[]) => unknown)(...args)) as NavigateFunction,
  };
  return { ...utils, router };
}

/**
 * Like renderRoute, for pages whose module is loaded on demand: loads it first
 * (inside act), so the first screen is the page's own, not the loading frame.
 */
export async function renderLazyRoute(path: string, mocks: ReadonlyArray<MockLink.MockedResponse> = []) {
  await act(async () => {
    await preloadPage(createRoutes(), path.split('?')[0]);
  });
  return renderRoute(path, mocks);
}
