import { useCallback, useMemo, useState } from 'react';
import { formatDateTime, preview } from '../../../shared/format';
import type { ContactMessage } from '../../../shared/schemas/contact';
import { messageOr } from '../../api';
import { Alert, EmptyState, Loading, NoticeAlert, type Notice } from '../../components/Feedback';
import { Icon } from '../../components/Icon';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { PageHeader } from '../../components/PageHeader';
import { messages as messagesApi } from '../../endpoints';
import { useAdmin, useDocumentTitle } from '../../shell/admin-context';
import { useConfirmedDelete } from '../../use-confirmed-delete';
import { useResource } from '../../use-resource';
import './messages.css';

type Folder = 'inbox' | 'archived';

/** A reply in the practitioner's own mail program, addressed and titled. */
export function replyHref(message: Pick<ContactMessage, 'email' | 'subject'>): string {
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

/** Contact messages, newest first: read one, mark it read or unread, archive it, delete it, reply by mail. */
export default function MessagesPage() {
  const { setUnread } = useAdmin();
  const load = useCallback(
    async (signal: AbortSignal) => {
      const reply = await messagesApi.list(signal);
      setUnread(reply.unread);
      return reply.data;
    },
    [setUnread],
  );
  const { resource, reload, update } = useResource(load);
  const [folder, setFolder] = useState<Folder>('inbox');
  const [openId, setOpenId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  useDocumentTitle('Messages');

  const all = useMemo(() => (resource.status === 'ready' ? resource.data : []), [resource]);
  const shown = all.filter((m) => (folder === 'archived' ? m.status === 'archived' : m.status !== 'archived'));
  const open = all.find((m) => m._id === openId) ?? null;
  const archivedCount = all.filter((m) => m.status === 'archived').length;

  function replace(updated: ContactMessage) {
    update((list) => list.map((m) => (m._id === updated._id ? updated : m)));
  }

  const countUnread = (list: ContactMessage[]) => list.filter((m) => m.status === 'new').length;

  async function setStatus(message: ContactMessage, status: ContactMessage['status'], text?: string) {
    setBusy(true);
    try {
      const reply = await messagesApi.setStatus(message._id, status);
      replace(reply.data);
      setUnread(countUnread(all.map((m) => (m._id === reply.data._id ? reply.data : m))));
      if (text) setNotice({ tone: 'success', text });
    } catch (error) {
      setNotice({ tone: 'error', text: messageOr(error, 'Failed to update message') });
    } finally {
      setBusy(false);
    }
  }

  function openMessage(message: ContactMessage) {
    setNotice(null);
    setOpenId(message._id);
    if (message.status === 'new') void setStatus(message, 'read');
  }

  const deletion = useConfirmedDelete<ContactMessage>({
    remove: async ({ _id }) => {
      await messagesApi.remove(_id);
      const remaining = all.filter((m) => m._id !== _id);
      update(() => remaining);
      setUnread(countUnread(remaining));
      if (openId === _id) setOpenId(null);
    },
    success: 'Message deleted',
    failure: 'Failed to delete message',
    onNotice: setNotice,
  });

  return (
    <div className="page">
      <PageHeader title="Messages" lead="What visitors sent through the contact form, newest first.">
        <button type="button" className="button button-ghost button-sm" onClick={() => reload()}>
          Refresh
        </button>
      </PageHeader>

      <NoticeAlert notice={notice} onDismiss={() => setNotice(null)} />

      <div className="tabs" role="group" aria-label="Folders">
        <button
          type="button"
          className={folder === 'inbox' ? 'tab active' : 'tab'}
          aria-pressed={folder === 'inbox'}
          onClick={() => {
            setFolder('inbox');
            setOpenId(null);
          }}
        >
          Inbox ({all.length - archivedCount})
        </button>
        <button
          type="button"
          className={folder === 'archived' ? 'tab active' : 'tab'}
          aria-pressed={folder === 'archived'}
          onClick={() => {
            setFolder('archived');
            setOpenId(null);
          }}
        >
          Archived ({archivedCount})
        </button>
      </div>

      <div className={open ? 'inbox has-open' : 'inbox'}>
        <section className="card card-flush inbox-list" aria-label={folder === 'inbox' ? 'Inbox' : 'Archived'}>
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
                    <span className="message-preview">{preview(message.message, 90)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        {open ? (
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
            <dl className="details details-compact">
              <div>
                <dt>From</dt>
                <dd>{open.name}</dd>
              </div>
              <div>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${open.email}`}>{open.email}</a>
                </dd>
              </div>
              {open.phone ? (
                <div>
                  <dt>Phone</dt>
                  <dd>
                    <a href={`tel:${open.phone.replace(/[^0-9+]/g, '')}`}>{open.phone}</a>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Received</dt>
                <dd>{formatDateTime(open.createdAt)}</dd>
              </div>
            </dl>
            {open.mailError ? (
              <Alert tone="info">This message was saved here but could not be forwarded to your email.</Alert>
            ) : null}
            <p className="message-body">{open.message}</p>
            <div className="button-row">
              <a className="button button-primary" href={replyHref(open)}>
                <Icon name="reply" /> Reply
              </a>
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
          </article>
        ) : (
          <div className="message-placeholder card" aria-hidden="true">
            <Icon name="mail" size={32} />
            <p>Choose a message to read it.</p>
          </div>
        )}
      </div>

      {deletion.target ? (
        <ConfirmDeleteModal
          title="Delete Message"
          busy={deletion.busy}
          onCancel={deletion.cancel}
          onConfirm={() => void deletion.confirm()}
          spinner={false}
        >
          <p>
            Delete the message from <strong>{deletion.target.name}</strong> about &ldquo;{deletion.target.subject}
            &rdquo;? This cannot be undone.
          </p>
        </ConfirmDeleteModal>
      ) : null}
    </div>
  );
}
