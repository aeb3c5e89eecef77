import { gql, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type {
  CommunityWorkshopQuery,
  CommunityWorkshopQueryVariables,
  MessageTopic,
  MessageTopicFilter,
  ParticipantsQuery,
  ParticipantsQueryVariables,
} from '../gql/graphql';
import { PageMeta } from '../ui/PageMeta';
import { useHttpStatus } from '../ssr/ServerRenderContext';
import { Failure, Loading } from '../ui/States';
import { MESSAGE_PAGE_SIZE, MESSAGES_QUERY, MessageList } from './MessageList';
import { PARTICIPANTS_PANEL_FRAGMENT, ParticipantsPanel } from './ParticipantsPanel';
import { PostMessageForm } from './PostMessageForm';
import { CALENDAR } from 'api/shared/workshop-calendar';
import { isTopicFilter, TOPIC_FILTERS, TOPIC_LABELS } from './topics';
import { WorkshopNotFound } from '../workshop/WorkshopNotFound';

export const COMMUNITY_WORKSHOP_QUERY: TypedDocumentNode<CommunityWorkshopQuery, CommunityWorkshopQueryVariables> = gql`
  query CommunityWorkshop($id: ID!) {
    workshop(id: $id) {
      id
      name
      location
      state
      dates
      boardOpen
    }
  }
`;

export const PARTICIPANTS_QUERY: TypedDocumentNode<ParticipantsQuery, ParticipantsQueryVariables> = gql`
  query Participants($workshopId: ID!) {
    participants(workshopId: $workshopId) {
      workshopId
      ...ParticipantsPanel_summary
    }
  }
  ${PARTICIPANTS_PANEL_FRAGMENT}
`;

/**
 * /workshop/{id}/community: the board of one workshop (topic filter, post form,
 * messages) and who is going. The three queries start together; the board and
 * the panel show once the workshop is known to exist.
 * Server-rendered (decision 040) from the workshop alone: the page is cached with the
 * catalog, so the messages and participants (live, and written without touching the
 * catalog) are left out of the server's render (`ssr: false`) and load in the browser.
 */
export default function CommunityPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const requested = params.get('topic');
  const topic: MessageTopicFilter = isTopicFilter(requested) ? requested : 'all';
  const [loadingMore, setLoadingMore] = useState(false);

  const workshopQuery = useQuery(COMMUNITY_WORKSHOP_QUERY, { variables: { id } });
  const messagesQuery = useQuery(MESSAGES_QUERY, {
    variables: { workshopId: id, topic, first: MESSAGE_PAGE_SIZE },
    // Show what the cache already holds for this topic at once, and refresh it behind.
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    ssr: false,
  });
  const participantsQuery = useQuery(PARTICIPANTS_QUERY, { variables: { workshopId: id }, ssr: false });
  useHttpStatus(!workshopQuery.loading && !workshopQuery.data?.workshop ? 404 : 200);

  const chooseTopic = (next: MessageTopicFilter) => {
    const search = new URLSearchParams(params);
    if (next === 'all') search.delete('topic');
    else search.set('topic', next);
    setParams(search, { replace: true, preventScrollReset: true });
  };

  // Spec section 4: after a post the list reloads (bringing what others posted meanwhile too).
  // A post under another topic than the one shown: show everything, so the new message is in view;
  // the changed variables load that list from the network (cache-and-network).
  const onPosted = (posted: MessageTopic) => {
    if (topic !== 'all' && topic !== posted) chooseTopic('all');
    else void messagesQuery.refetch().catch((e: unknown) => console.warn('Failed to reload messages', e));
  };

  const loadMore = async () => {
    const after = messagesQuery.data?.messages.nextCursor;
    if (!after) return;
    setLoadingMore(true);
    try {
      await messagesQuery.fetchMore({ variables: { after } });
    } catch (e) {
      console.warn('Failed to load older messages', e);
    } finally {
      setLoadingMore(false);
    }
  };

  if (workshopQuery.loading && !workshopQuery.data) return <Loading>Loading community...</Loading>;
  if (workshopQuery.error && !workshopQuery.data) {
    return (
      <div className="container section">
        <PageMeta title="Community" />
        <Failure>
          <p>We could not load this community board.</p>
          <button type="button" className="btn btn--outline btn--small" onClick={() => void workshopQuery.refetch().catch(() => {})}>
            Try again
          </button>
        </Failure>
      </div>
    );
  }
  const workshop = workshopQuery.data?.workshop;
  if (!workshop) {
    return <WorkshopNotFound />;
  }

  return (
    <>
      <PageMeta
        title={`${workshop.name} community`}
        description={`Talk with the photographers going to ${workshop.name} (${workshop.location}, ${workshop.dates}): ride sharing, equipment and questions.`}
      />
      <section className="page-hero page-hero--compact">
        <div className="container">
          <p className="community__back">
            <Link to={`/workshop/${workshop.id}`}>← Back to the workshop</Link>
          </p>
          <span className="eyebrow">Community</span>
          <h1>{workshop.name}</h1>
          <p className="lead">
            {workshop.location}, {workshop.state} · {workshop.dates}. Meet the group, share rides, compare gear and ask questions.
          </p>
        </div>
      </section>
      <div className="section section--tight">
        <div className="container community">
          <div className="community__main">
            {workshop.boardOpen ? (
              <PostMessageForm workshopId={workshop.id} onPosted={onPosted} />
            ) : (
              <p className="notice" id="post-message" data-testid="board-closed">
                This board closed to new messages {CALENDAR.boardOpenDaysAfterEnd} days after the workshop ended. You can still read everything below.
              </p>
            )}
            <section className="community__board" aria-labelledby="board-heading">
              <h2 id="board-heading" className="community__board-title">
                Messages
              </h2>
              <div className="chips community__filters" role="group" aria-label="Filter messages by topic">
                {TOPIC_FILTERS.map((t) => (
                  <button key={t} type="button" className="chip" data-topic={t} aria-pressed={topic === t} onClick={() => chooseTopic(t)}>
                    {TOPIC_LABELS[t]}
                  </button>
                ))}
              </div>
              <MessageList
                page={messagesQuery.data?.messages}
                topic={topic}
                loading={messagesQuery.loading}
                failed={Boolean(messagesQuery.error)}
                loadingMore={loadingMore}
                onRetry={() => void messagesQuery.refetch().catch(() => {})}
                onLoadMore={() => void loadMore()}
              />
            </section>
          </div>
          <aside className="community__aside">
            <ParticipantsPanel
              workshopId={workshop.id}
              summary={participantsQuery.data?.participants}
              loading={participantsQuery.loading}
              failed={Boolean(participantsQuery.error)}
            />
          </aside>
        </div>
      </div>
    </>
  );
}
