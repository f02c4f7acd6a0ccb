import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { messageOr } from '../../api/client';
import { Alert } from '../../components/Feedback';
import { showToast } from '../../components/Toasts';
import { downloadBackup, formatSize, listWeeklyBackups, type WeeklyBackup } from './backups-api';
import './backups.css';

/**
 * "Backups" in Account settings (docs/backup.md): download everything now as one zip, or one of the weekly
 * backups the site keeps by itself. One download at a time; the button says what is happening and a line confirms
 * the file once the browser has it.
 */
export function BackupsSection() {
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [weekly, setWeekly] = useState<WeeklyBackup[] | null>(null);
  const [weeklyError, setWeeklyError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    listWeeklyBackups(controller.signal).then(
      (reply) => setWeekly(reply.data),
      (failure: unknown) => {
        if (!controller.signal.aborted) setWeeklyError(messageOr(failure, 'The weekly backups could not be listed.'));
      },
    );
    return () => controller.abort();
  }, []);

  async function download(id: string, path: string) {
    setBusy(id);
    setDone(null);
    setError(null);
    try {
      const { filename, size } = await downloadBackup(path);
      const line = `Downloaded ${filename} (${formatSize(size)}). Keep a copy somewhere other than this computer.`;
      setDone(line);
      showToast({ tone: 'success', title: 'Backup downloaded', detail: filename });
    } catch (failure) {
      setError(messageOr(failure, 'The backup could not be made. Please try again in a moment.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="backups" aria-labelledby="backups-title">
      <h3 id="backups-title" className="backups-title">
        Backups
      </h3>
      <p className="muted backups-lead">
        One zip file with all your services, banners, testimonials, messages, site settings, categories and the Trash,
        plus every picture they use. Your sign-in details and passwords are never in it. Save it somewhere safe away
        from this site, such as a USB stick or your own cloud storage.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          onClick={() => void download('now', '/admin/backup')}
          disabled={busy !== null}
          aria-busy={busy === 'now'}
        >
          {busy === 'now' ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
          {busy === 'now' ? 'Preparing your backup…' : 'Download a backup'}
        </button>
      </div>
      <p className="backups-status" role="status">
        {done}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}

      <h4 className="backups-subtitle">Weekly backups</h4>
      <p className="muted backups-lead">Once a week the site also saves a backup by itself and keeps the last eight.</p>
      {weeklyError ? <p className="muted">{weeklyError}</p> : null}
      {weekly === null && !weeklyError ? <p className="muted">Loading the weekly backups…</p> : null}
      {weekly !== null && weekly.length === 0 ? (
        <p className="muted">No weekly backup yet: the first is made within a week of the site going live.</p>
      ) : null}
      {weekly !== null && weekly.length > 0 ? (
        <ul className="backup-list">
          {weekly.map((item) => (
            <li key={item.id} className="backup-item">
              <span>
                {formatDateTime(item.createdAt)} <span className="muted">· {formatSize(item.size)}</span>
              </span>
              <button
                type="button"
                className="button button-secondary button-sm"
                onClick={() => void download(item.id, `/admin/backup/weekly/${encodeURIComponent(item.id)}`)}
                disabled={busy !== null}
                aria-busy={busy === item.id}
                aria-label={`Download the backup of ${formatDateTime(item.createdAt)}`}
              >
                {busy === item.id ? 'Preparing…' : 'Download'}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
