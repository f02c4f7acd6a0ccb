import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { formatPhone, telHref, whatsappHref } from '../../../shared/phone';
import {
  MESSAGE_FOLDERS,
  MESSAGE_PAGE,
  type ContactMessage,
  type ContactMessageSummary,
  type MessageFolder,
} from '../../../shared/schemas/contact';
import { isCancelled, messageOr } from '../../api/client';
import { Alert, EmptyState, Loading, NoticeAlert, type Notice } from '../../components/Feedback';
import { Details } from '../../components/Details';
import { Icon } from '../../components/Icon';
import { ConfirmDeletion } from '../../components/ConfirmDeleteModal';
import { PageHeader } from '../../components/PageHeader';
import { RefreshButton } from '../../components/RefreshButton';
import { BusyButton } from '../../components/BusyButton';
import { messages as messagesApi } from '../../api/endpoints';
import { useAdmin, useDocumentTitle } from '../../shell/admin-context';
import { useConfirmedDelete } from '../../hooks/use-confirmed-delete';
import { useResource } from '../../hooks/use-resource';
import { confirmTrashed, TRASH_NOTE } from '../trash/undo';
import { MailNote } from './MailNote';
import { ClientDataRights } from '../clients/ClientDataRights';
import { SwitchTabs } from '../../components/SwitchTabs';
import './messages.css';

/** A reply in the practitioner's own mail program, addressed and titled. */
export function replyHref(message: Pick<ContactMessage, 'email' | 'subject'>): string {
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

/**
 * A WhatsApp chat with the visitor, opened with a greeting the practitioner can change before sending; '' when they
 * left no number or one that does not parse (docs/phone-numbers.md).
 */
export function whatsappReplyHref(message: Pick<ContactMessage, 'name' | 'phone' | 'subject'>): string {
  const firstName = message.name.trim().split(/\s+/)[0] ?? '';
  return whatsappHref(message.phone, `Hello ${firstName}, thank you for your message about “${message.subject}”.`);
}

/** A page of summaries (no bodies) plus where the next page starts. */
interface Listing {
  items: ContactMessageSummary[];
  nextCursor: string | null;
}
type Opened = { status: 'loading' } | { status: 'ready'; message: ContactMessage } | { status: 'failed' };

const PAGE_SIZE = MESSAGE_PAGE.defaultLimit;
const FOLDER_LABELS: Record<MessageFolder, string> = { inbox: 'Inbox', archived: 'Archived' };

/**
 * Contact messages, newest first, one folder and one page at a time ("Load more" adds the next page): the list carries
 * only previews, and a message is fetched whole when opened (docs/admin.md, "Messages"). Read it, mark it read or
 * unread, archive it, delete it, reply by mail.
 */
export default function MessagesPage() {
  const { unread, setUnread } = useAdmin();
  const [folder, setFolder] = useState<MessageFolder>('inbox');
  const [counts, setCounts] = useState<Record<MessageFolder, number> | null>(null);
  const load = useCallback(
    async (signal: AbortSignal): Promise<Listing> => {
      const reply = await messagesApi.list({ folder, limit: PAGE_SIZE }, signal);
      setUnread(reply.unread);
      setCounts(reply.counts);
      return { items: reply.data, nextCursor: reply.nextCursor };
    },
    [folder, setUnread],
  );
  const { resource, reload, update } = useResource(load);
  const [openId, setOpenId] = useState<string | null>(null);
  const [opened, setOpened] = useState<Opened>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const openRequest = useRef<AbortController | null>(null);
  useDocumentTitle('Messages');

  useEffect(() => () => openRequest.current?.abort(), []);

  const shown = resource.status === 'ready' ? resource.data.items : [];
  const nextCursor = resource.status === 'ready' ? resource.data.nextCursor : null;
  const open = opened.status === 'ready' && opened.message._id === openId ? opened.message : null;

  /** Keeps the list, folder counts and unread badge in step with one message's new state (or its deletion). */
  function applyChange(before: ContactMessageSummary | ContactMessage, after: ContactMessage | null) {
    const wasIn: MessageFolder = before.status === 'archived' ? 'archived' : 'inbox';
    const nowIn: MessageFolder | null = after ? (after.status === 'archived' ? 'archived' : 'inbox') : null;
    update((listing) => ({
      ...listing,
      items:
        after && nowIn === folder
          ? listing.items.map((m) => (m._id === after._id ? { ...m, status: after.status } : m))
          : listing.items.filter((m) => m._id !== before._id),
    }));
    if (wasIn !== nowIn) {
      setCounts((current) => {
        if (!current) return current;
        const next = { ...current, [wasIn]: Math.max(0, current[wasIn] - 1) };
        if (nowIn) next[nowIn] += 1;
        return next;
      });
    }
    const unreadDelta = (after?.status === 'new' ? 1 : 0) - (before.status === 'new' ? 1 : 0);
    if (unreadDelta !== 0) setUnread(Math.max(0, unread + unreadDelta));
  }

  async function setStatus(message: ContactMessage, status: ContactMessage['status'], text?: string) {
    setBusy(true);
    try {
      const reply = await messagesApi.setStatus(message._id, status);
      applyChange(message, reply.data);
      setOpened((current) =>
        current.status === 'ready' && current.message._id === reply.data._id
          ? { status: 'ready', message: reply.data }
          : current,
      );
      if (text) setNotice({ tone: 'success', text });
    } catch (error) {
      setNotice({ tone: 'error', text: messageOr(error, 'Failed to update message') });
    } finally {
      setBusy(false);
    }
  }

  function openMessage(summary: ContactMessageSummary) {
    setNotice(null);
    setOpenId(summary._id);
    // On a phone the message replaces the list: start reading at its top, not where the list was scrolled to.
    if (window.matchMedia('(max-width: 899px)').matches) window.scrollTo({ top: 0 });
    setOpened({ status: 'loading' });
    openRequest.current?.abort();
    const controller = new AbortController();
    openRequest.current = controller;
    messagesApi.get(summary._id, controller.signal).then(
      (reply) => {
        if (controller.signal.aborted) return;
        setOpened({ status: 'ready', message: reply.data });
        if (reply.data.status === 'new') void setStatus(reply.data, 'read');
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !isCancelled(error)) setOpened({ status: 'failed' });
      },
    );
  }

  async function loadMore() {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const reply = await messagesApi.list({ folder, limit: PAGE_SIZE, cursor: nextCursor });
      setUnread(reply.unread);
      setCounts(reply.counts);
      update((listing) => {
        // A message already listed (it moved while paging) is not shown twice.
        const known = new Set(listing.items.map((m) => m._id));
        return {
          items: [...listing.items, ...reply.data.filter((m) => !known.has(m._id))],
          nextCursor: reply.nextCursor,
        };
      });
    } catch (error) {
      setNotice({ tone: 'error', text: messageOr(error, 'Failed to load more messages') });
    } finally {
      setLoadingMore(false);
    }
  }

  function switchFolder(next: MessageFolder) {
    openRequest.current?.abort();
    setOpenId(null);
    setFolder(next);
  }

  const deletion = useConfirmedDelete<ContactMessage>({
    remove: async (message) => {
      await messagesApi.remove(message._id);
      applyChange(message, null);
      if (openId === message._id) setOpenId(null);
    },
    success: 'Message deleted',
    failure: 'Failed to delete message',
    onNotice: setNotice,
    onDeleted: ({ _id, name, subject }) =>
      confirmTrashed({
        title: 'Message deleted',
        kind: 'message',
        id: _id,
        name: `${name}: ${subject}`,
        onRestored: () => reload(true),
      }),
  });

  return (
    <div className="page">
      <PageHeader title="Messages" lead="What visitors sent through the contact form, newest first.">
        <RefreshButton onRefresh={reload} />
      </PageHeader>

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      <SwitchTabs
        label="Folders"
        options={MESSAGE_FOLDERS.map((name) => ({
          value: name,
          label: `${FOLDER_LABELS[name]}${counts ? ` (${counts[name]})` : ''}`,
        }))}
        current={folder}
        onSelect={switchFolder}
      />

      <div className={open ? 'inbox has-open' : 'inbox'}>
        <section className="card card-flush inbox-list" aria-label={FOLDER_LABELS[folder]}>
          {resource.status === 'loading' ? <Loading label="Loading messages…" /> : null}
          {resource.status === 'failed' ? (
            <div className="card-pad">
              <Alert tone="error">Failed to load messages</Alert>
            </div>
          ) : null}
          {resource.status === 'ready' && shown.length === 0 ? (
            <EmptyState
              title={folder === 'inbox' ? 'No messages yet' : 'No archived messages'}
              text={folder === 'inbox' ? 'Messages sent through the contact page will appear here.' : undefined}
            />
          ) : null}
          {shown.length > 0 ? (
            <ul className="message-list">
              {shown.map((message) => (
                <li key={message._id}>
                  <button
                    type="button"
                    className={[
                      'message-item',
                      message.status === 'new' ? 'unread' : '',
                      message._id === openId ? 'selected' : '',
                    ].join(' ')}
                    aria-current={message._id === openId ? 'true' : undefined}
                    onClick={() => openMessage(message)}
                  >
                    <span className="message-item-top">
                      <span className="message-from">
                        {message.status === 'new' ? (
                          <span className="unread-dot" aria-label="Unread" role="img" />
                        ) : null}
                        {message.name}
                      </span>
                      <time className="message-date" dateTime={message.createdAt}>
                        {formatDateTime(message.createdAt)}
                      </time>
                    </span>
                    <span className="message-subject">{message.subject}</span>
                    <span className="message-preview">{message.preview}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {nextCursor ? (
            <div className="message-more">
              <BusyButton busy={loadingMore} onClick={() => void loadMore()}>
                Load more
              </BusyButton>
              <span className="muted">
                Showing {shown.length} of {counts ? counts[folder] : shown.length}
              </span>
            </div>
          ) : null}
        </section>

        {openId && !open ? (
          <div className="card message-view">
            <button type="button" className="button button-link message-back" onClick={() => setOpenId(null)}>
              ← Back to messages
            </button>
            {opened.status === 'failed' ? (
              <Alert tone="error">Failed to load the message</Alert>
            ) : (
              <Loading label="Opening the message…" />
            )}
          </div>
        ) : open ? (
          <article className="card message-view" aria-labelledby="message-view-title">
            <button type="button" className="button button-link message-back" onClick={() => setOpenId(null)}>
              ← Back to messages
            </button>
            <header className="message-view-head">
              <h2 id="message-view-title" className="card-title">
                {open.subject}
              </h2>
              <span className={open.status === 'new' ? 'badge badge-gold' : 'badge badge-grey'}>
                {open.status === 'new' ? 'Unread' : open.status === 'read' ? 'Read' : 'Archived'}
              </span>
            </header>
            <Details
              compact
              items={[
                ['From', open.name],
                ['Email', <a href={`mailto:${open.email}`}>{open.email}</a>],
                [
                  'Phone',
                  open.phone ? (
                    telHref(open.phone) ? (
                      <a href={telHref(open.phone)}>{formatPhone(open.phone)}</a>
                    ) : (
                      open.phone
                    )
                  ) : null,
                ],
                ['Received', formatDateTime(open.createdAt)],
              ]}
            />
            <MailNote mailError={open.mailError} />
            <p className="message-body">{open.message}</p>
            <div className="button-row">
              <a className="button button-primary" href={replyHref(open)}>
                <Icon name="reply" /> Reply
              </a>
              {whatsappReplyHref(open) ? (
                <a
                  className="button button-secondary"
                  href={whatsappReplyHref(open)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Reply on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : null}
              {open.status === 'archived' ? (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={busy || deletion.busy}
                  onClick={() => void setStatus(open, 'read', 'Message moved to the inbox')}
                >
                  Move to Inbox
                </button>
              ) : (
                <>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={busy || deletion.busy}
                    onClick={() => void setStatus(open, 'archived', 'Message archived')}
                  >
                    <Icon name="archive" /> Archive
                  </button>
                  <button
                    type="button"
                    className="button button-ghost"
                    disabled={busy || deletion.busy}
                    onClick={() => void setStatus(open, open.status === 'new' ? 'read' : 'new', undefined)}
                  >
                    {open.status === 'new' ? 'Mark as read' : 'Mark as unread'}
                  </button>
                </>
              )}
              <button
                type="button"
                className="button button-ghost button-danger-text"
                disabled={busy || deletion.busy}
                onClick={() => deletion.ask(open)}
              >
                <Icon name="trash" /> Delete
              </button>
            </div>
            {/* Until the Clients screen hosts it, a person's data rights are reached from their message. */}
            <ClientDataRights
              email={open.email}
              onErased={() => {
                setOpenId(null);
                reload(true);
              }}
            />
          </article>
        ) : (
          <div className="message-placeholder card" aria-hidden="true">
            <Icon name="mail" size={32} />
            <p>Choose a message to read it.</p>
          </div>
        )}
      </div>

      <ConfirmDeletion deletion={deletion} title="Delete Message" spinner={false}>
        {(target) => (
          <p>
            Delete the message from <strong>{target.name}</strong> about &ldquo;{target.subject}
            &rdquo;? {TRASH_NOTE}
          </p>
        )}
      </ConfirmDeletion>
    </div>
  );
}
