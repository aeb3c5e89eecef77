import { useEffect, useState } from 'react';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Navigate } from 'react-router-dom';
import type { AdminDashboardQuery, AdminDashboardQueryVariables } from '../gql/graphql';
import { PageMeta } from '../ui/PageMeta';
import { Failure, Loading } from '../ui/States';
import { readAdminCredential } from './credential';
import { rateLimitMessage } from '../forms/graphqlProblem';
import { useAdminSession } from './useAdminSession';
import { Tabs, type TabItem } from './Tabs';
import { STATISTICS_TAB_FRAGMENT, StatisticsTab } from './StatisticsTab';
import { BookingsTab } from './BookingsTab';
import { MessagesTab } from './MessagesTab';
import { PHOTOS_TAB_FRAGMENT, PhotosTab } from './PhotosTab';
import { WAITLISTS_TAB_FRAGMENT, WaitlistsTab } from './WaitlistsTab';
import { ActivityTab } from './ActivityTab';
import { ReviewsTab } from './ReviewsTab';
import { SecurityTab } from './SecurityTab';
import { PersonalDataTab } from './PersonalDataTab';
import { WorkshopsTab } from './WorkshopsTab';
import { PromoCodesTab } from './PromoCodesTab';
import { GiftCardsTab } from './GiftCardsTab';
import { OverdueBalances } from './OverdueBalances';
import '../styles/admin.css';

/**
 * What the dashboard needs up front: the statistics, the sizes of the lists for
 * the tab labels (counted in SQL, no rows) and the workshops. Each list tab
 * reads its own first page when it opens (docs/decisions/075).
 */
export const ADMIN_DASHBOARD_QUERY: TypedDocumentNode<AdminDashboardQuery, AdminDashboardQueryVariables> = gql`
  query AdminDashboard {
    adminStats {
      ...StatisticsTab_stats
    }
    adminCounts {
      bookings
      messages
    }
    workshops {
      id
      ...PhotosTab_workshop
      ...WaitlistsTab_workshop
    }
  }
  ${STATISTICS_TAB_FRAGMENT}
  ${PHOTOS_TAB_FRAGMENT}
  ${WAITLISTS_TAB_FRAGMENT}
`;

type TabKey = 'statistics' | 'bookings' | 'messages' | 'workshops' | 'photos' | 'waitlists' | 'promos' | 'reviews' | 'giftCards' | 'activity' | 'privacy' | 'security';

/** Each panel starts with a heading (hidden: the tab shows it), so the items inside can be h3 under the page's h1. */
const PANEL_HEADINGS: Record<TabKey, string> = {
  statistics: 'Statistics',
  bookings: 'Bookings',
  messages: 'Community messages',
  workshops: 'Workshops',
  photos: 'Manage photos',
  waitlists: 'Waiting lists',
  promos: 'Promo codes',
  reviews: 'Reviews',
  giftCards: 'Gift cards',
  activity: 'Activity',
  privacy: 'Personal data',
  security: 'Security',
};

/** /admin/dashboard: only with a stored credential; a 401 (or Logout) ends the session. */
export default function AdminDashboardPage() {
  if (!readAdminCredential()) return <Navigate to="/admin" replace />;
  return <Dashboard />;
}

function Dashboard() {
  const { logout, logoutIfUnauthenticated } = useAdminSession();
  const [tab, setTab] = useState<TabKey>('statistics');
  const { data, loading, error, refetch } = useQuery(ADMIN_DASHBOARD_QUERY, {
    context: { admin: true },
    fetchPolicy: 'cache-and-network',
  });

  useEffect(() => {
    if (error) logoutIfUnauthenticated(error);
  }, [error, logoutIfUnauthenticated]);

  const reload = () => {
    // Spec section 8: other load errors are silent (the dashboard shows what it has).
    refetch().catch((e: unknown) => logoutIfUnauthenticated(e));
  };

  const tabs: ReadonlyArray<TabItem<TabKey>> = [
    { key: 'statistics', label: 'Statistics' },
    // Counts only once known: "(0)" while loading would be wrong.
    { key: 'bookings', label: data ? `Bookings (${data.adminCounts.bookings})` : 'Bookings' },
    { key: 'messages', label: data ? `Messages (${data.adminCounts.messages})` : 'Messages' },
    { key: 'workshops', label: 'Workshops' },
    { key: 'photos', label: 'Manage Photos' },
    { key: 'waitlists', label: 'Waiting lists' },
    { key: 'promos', label: 'Promo codes' },
    { key: 'reviews', label: 'Reviews' },
    { key: 'giftCards', label: 'Gift cards' },
    { key: 'activity', label: 'Activity' },
    { key: 'privacy', label: 'Personal data' },
    { key: 'security', label: 'Security' },
  ];

  let panel;
  if (tab === 'privacy') {
    // Export or erase one customer on their request (docs/decisions/101): no list to load.
    panel = <PersonalDataTab onError={logoutIfUnauthenticated} />;
  } else if (tab === 'security') {
    // Its own query: second factors, recovery codes, sessions (issue 26).
    panel = <SecurityTab onError={logoutIfUnauthenticated} />;
  } else if (tab === 'activity') {
    // Its own query (the audit log is paged and searched on the server): shown even while the rest loads.
    panel = <ActivityTab onError={logoutIfUnauthenticated} onSignedOut={logout} />;
  } else if (tab === 'reviews') {
    panel = <ReviewsTab onError={logoutIfUnauthenticated} />;
  } else if (tab === 'giftCards') {
    // Its own query (docs/decisions/094).
    panel = <GiftCardsTab onError={logoutIfUnauthenticated} />;
  } else if (!data) {
    panel = loading ? (
      <Loading>Loading dashboard...</Loading>
    ) : (
      <Failure>
        <p>{rateLimitMessage(error) ?? 'The dashboard could not be loaded.'}</p>
        <button type="button" className="btn btn--outline" onClick={reload}>
          Try again
        </button>
      </Failure>
    );
  } else if (tab === 'statistics') {
    panel = (
      <div className="stack">
        <StatisticsTab stats={data.adminStats} onError={logoutIfUnauthenticated} onSignedOut={logout} />
        <OverdueBalances onError={logoutIfUnauthenticated} workshops={data.workshops} />
      </div>
    );
  } else if (tab === 'bookings') {
    panel = <BookingsTab workshops={data.workshops} total={data.adminCounts.bookings} onChanged={reload} onError={logoutIfUnauthenticated} />;
  } else if (tab === 'messages') {
    panel = <MessagesTab workshops={data.workshops} total={data.adminCounts.messages} onError={logoutIfUnauthenticated} />;
  } else if (tab === 'workshops') {
    panel = <WorkshopsTab onChanged={reload} onError={logoutIfUnauthenticated} />;
  } else if (tab === 'waitlists') {
    panel = <WaitlistsTab workshops={data.workshops} onError={logoutIfUnauthenticated} />;
  } else if (tab === 'promos') {
    panel = <PromoCodesTab workshops={data.workshops} onError={logoutIfUnauthenticated} />;
  } else {
    panel = <PhotosTab workshops={data.workshops} onUpdated={reload} onError={logoutIfUnauthenticated} onSignedOut={logout} />;
  }

  return (
    <div className="container section admin-dashboard">
      <PageMeta title="Admin Dashboard" />
      <header className="admin-dashboard__header">
        <h1>Admin Dashboard</h1>
        <button type="button" className="btn btn--outline" onClick={logout}>
          Logout
        </button>
      </header>
      <Tabs label="Admin sections" tabs={tabs} selected={tab} onSelect={setTab}>
        <h2 className="visually-hidden">{PANEL_HEADINGS[tab]}</h2>
        {panel}
      </Tabs>
    </div>
  );
}
