import { lazy, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { Layout } from './layout/Layout';
import HomePage from './home/HomePage';

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
  workshops: lazyPage('src/workshop/WorkshopsPage.tsx', () => import('./workshop/WorkshopsPage')),
  workshop: lazyPage('src/workshop/WorkshopPage.tsx', () => import('./workshop/WorkshopPage')),
  community: lazyPage('src/community/CommunityPage.tsx', () => import('./community/CommunityPage')),
  booking: lazyPage('src/booking/BookingPage.tsx', () => import('./booking/BookingPage')),
  confirmation: lazyPage('src/booking/ConfirmationPage.tsx', () => import('./booking/ConfirmationPage')),
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
};

/** Load every route module (tests: every page then renders without suspending). */
export const preloadAllPages = () => Promise.all(Object.values(pages).map((p) => p.preload()));

/** A route of the table; `ssr` marks the public routes whose first HTML is server-rendered. */
export type AppRoute = RouteObject & { page?: ComponentType | LazyPage; ssr?: boolean; children?: AppRoute[] };

const route = (path: string, page: ComponentType | LazyPage, ssr: boolean): AppRoute => {
  const Page = page;
  return { path, element: <Page />, page, ssr };
};

/**
 * All 18 routes of the spec (section 2). A factory, so the browser, the server
 * renderer and the tests each build their own table.
 */
export function createRoutes(): AppRoute[] {
  return [
    {
      element: <Layout />,
      children: [
        route('/', HomePage, true),
        route('/workshops', pages.workshops, true),
        route('/workshop/:id', pages.workshop, true),
        // Personal or live pages stay client-rendered (the server sends the app shell).
        route('/workshop/:id/community', pages.community, false),
        route('/booking/:id', pages.booking, false),
        route('/confirmation/:bookingId', pages.confirmation, false),
        route('/payment-success', pages.paymentSuccess, false),
        route('/admin', pages.adminLogin, false),
        route('/admin/dashboard', pages.adminDashboard, false),
        route('/about-instructor', pages.aboutInstructor, true),
        route('/equipment', pages.equipment, true),
        route('/about-us', pages.aboutUs, true),
        route('/contact', pages.contact, true),
        route('/faq', pages.faq, true),
        route('/testimonials', pages.testimonials, true),
        route('/privacy-policy', pages.privacy, true),
        route('/terms', pages.terms, true),
        route('/cancellation-policy', pages.cancellation, true),
        route('*', pages.notFound, true),
      ],
    },
  ];
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
