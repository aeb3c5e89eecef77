import { lazy, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from './layout/Layout';
import HomePage from './home/HomePage';
import { routes as MANIFEST } from './routes.json';

/**
 * A route module loaded on demand (its own chunk). `preload()` loads it ahead
 * of rendering: the browser does so for the first route before hydrating, the
 * server renderer for the page it renders, so neither ever suspends on it.
 */
export interface LazyPage {
  (): React.ReactElement;
  preload(): Promise<void>;
  /** The module's path under web/, the key of Vite's build manifest (the server lists its chunks for the browser). */
  module: string;
}

export function lazyPage(module: string, load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | null = null;
  const preload = () =>
    load().then((m) => {
      Loaded = m.default;
    });
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded! })));
  const Page = (() => (Loaded ? <Loaded /> : <Lazy />)) as LazyPage;
  Page.preload = preload;
  Page.module = module;
  return Page;
}

// Every route but the home page is its own chunk: the first load of / carries only
// what / shows (docs/performance.md). Admin, booking and community are never in it.
const pages = {
  home: HomePage,
  workshops: lazyPage('src/workshop/WorkshopsPage.tsx', () => import('./workshop/WorkshopsPage')),
  workshop: lazyPage('src/workshop/WorkshopPage.tsx', () => import('./workshop/WorkshopPage')),
  community: lazyPage('src/community/CommunityPage.tsx', () => import('./community/CommunityPage')),
  booking: lazyPage('src/booking/BookingPage.tsx', () => import('./booking/BookingPage')),
  confirmation: lazyPage('src/booking/ConfirmationPage.tsx', () => import('./booking/ConfirmationPage')),
  manage: lazyPage('src/booking/ManageBookingPage.tsx', () => import('./booking/ManageBookingPage')),
  waitlistConfirm: lazyPage('src/waitlist/ConfirmWaitlistPage.tsx', () => import('./waitlist/ConfirmWaitlistPage')),
  review: lazyPage('src/reviews/ReviewPage.tsx', () => import('./reviews/ReviewPage')),
  trip: lazyPage('src/traveller/TripPage.tsx', () => import('./traveller/TripPage')),
  giftCards: lazyPage('src/giftcard/GiftCardsPage.tsx', () => import('./giftcard/GiftCardsPage')),
  giftCardThanks: lazyPage('src/giftcard/GiftCardThanksPage.tsx', () => import('./giftcard/GiftCardThanksPage')),
  giftCardPrint: lazyPage('src/giftcard/GiftCardPrintPage.tsx', () => import('./giftcard/GiftCardPrintPage')),
  paymentSuccess: lazyPage('src/payment/PaymentSuccessPage.tsx', () => import('./payment/PaymentSuccessPage')),
  adminLogin: lazyPage('src/admin/AdminLoginPage.tsx', () => import('./admin/AdminLoginPage')),
  adminDashboard: lazyPage('src/admin/AdminDashboardPage.tsx', () => import('./admin/AdminDashboardPage')),
  aboutInstructor: lazyPage('src/content/AboutInstructorPage.tsx', () => import('./content/AboutInstructorPage')),
  equipment: lazyPage('src/content/EquipmentPage.tsx', () => import('./content/EquipmentPage')),
  aboutUs: lazyPage('src/content/AboutUsPage.tsx', () => import('./content/AboutUsPage')),
  contact: lazyPage('src/content/ContactPage.tsx', () => import('./content/ContactPage')),
  faq: lazyPage('src/content/FaqPage.tsx', () => import('./content/FaqPage')),
  testimonials: lazyPage('src/content/TestimonialsPage.tsx', () => import('./content/TestimonialsPage')),
  privacy: lazyPage('src/content/PrivacyPolicyPage.tsx', () => import('./content/PrivacyPolicyPage')),
  terms: lazyPage('src/content/TermsPage.tsx', () => import('./content/TermsPage')),
  cancellation: lazyPage('src/content/CancellationPolicyPage.tsx', () => import('./content/CancellationPolicyPage')),
  notFound: lazyPage('src/content/NotFoundPage.tsx', () => import('./content/NotFoundPage')),
} satisfies Record<string, ComponentType | LazyPage>;

/** Load every route module (tests: every page then renders without suspending). */
export const preloadAllPages = () => Promise.all(Object.values(pages).map((p) => ('preload' in p ? p.preload() : undefined)));

/** One entry of the route manifest, `routes.json`: the one list of routes the app, the e2e suite and the scripts share. */
export interface ManifestRoute {
  path: string;
  /** Key of the page module in this file. */
  page: string;
  /** The server renders the first HTML (catalog data and fixed texts only: decision 040). */
  ssr: boolean;
  /** Reached without signing in or booking (accessibility audit, Lighthouse). */
  public: boolean;
  /** Addresses to visit, the first standing for the route. */
  samples: string[];
  /** What the screenshot script visits instead of the first sample. */
  screenshot?: string;
}

export const ROUTE_MANIFEST: readonly ManifestRoute[] = MANIFEST;

function pageOf(key: string): ComponentType | LazyPage {
  if (!(key in pages)) throw new Error(`routes.json names an unknown page: ${key}`);
  return pages[key as keyof typeof pages];
}

/** A route of the table; `ssr` marks the public routes whose first HTML is server-rendered. */
export type AppRoute = RouteObject & { page?: ComponentType | LazyPage; ssr?: boolean; children?: AppRoute[] };

const route = (path: string, page: ComponentType | LazyPage, ssr: boolean): AppRoute => {
  const Page = page;
  return { path, element: <Page />, page, ssr };
};

/**
 * All 18 routes of the spec (section 2), the manage page, the waiting-list confirmation and the catch-all, from the manifest. A factory, so
 * the browser, the server renderer and the tests each build their own table.
 */
export function createRoutes(): AppRoute[] {
  return [{ element: <Layout />, children: ROUTE_MANIFEST.map((r) => route(r.path, pageOf(r.page), r.ssr)) }];
}

/** The page route matching a path (the catch-all for unknown paths). */
export function matchPage(routes: AppRoute[], pathname: string): AppRoute | undefined {
  const matches = matchRoutes(routes, pathname) as Array<{ route: AppRoute }> | null;
  return matches?.[matches.length - 1]?.route;
}

/** Load the module of the page at `pathname` (if it is lazy), so rendering it never suspends. */
export async function preloadPage(routes: AppRoute[], pathname: string): Promise<LazyPage | null> {
  const page = matchPage(routes, pathname)?.page;
  if (page && 'preload' in page) {
    await page.preload();
    return page;
  }
  return null;
}

/** The route table rendered inside a router (BrowserRouter, StaticRouter or MemoryRouter). */
export function AppRoutes({ routes }: { routes: AppRoute[] }) {
  return useRoutes(routes);
}
