// The dashboard's first-run checklist (docs/admin.md, "First-run checklist"). Each step is worked out by the server
// from the stored data, so it ticks itself wherever the work was done; the list can be hidden on this browser and
// goes away by itself once every step is done.
import { useState } from 'react';
import { Link } from 'react-router';
import type { FirstRunStatus, FirstRunStep, SampleCounts } from '../../../shared/schemas/first-run';
import { TRASH_DAYS } from '../../../shared/schemas/trash';
import { messageOr } from '../../api/client';
import { BusyButton } from '../../components/BusyButton';
import { showToast } from '../../components/Toasts';
import { GOES_LIVE_HINT } from '../../components/save-notice';
import { useResource } from '../../hooks/use-resource';
import { firstRunApi } from './first-run-api';

const DISMISSED_KEY = 'admin:first-run-dismissed';

/** Each step's words and where it is done (the samples step is done right here, with a button). */
const STEPS: Record<FirstRunStep, { title: string; text: string; to?: string; link?: string }> = {
  profile: {
    title: 'Your name and photo',
    text: 'Put your own name on the site and add a portrait of yourself.',
    to: '/site#section-identity',
    link: 'Open Identity',
  },
  about: {
    title: 'Your About story',
    text: 'Tell visitors, in your own words, how you came to this work.',
    to: '/site#section-about-page',
    link: 'Open About page',
  },
  contact: {
    title: 'Your contact details',
    text: 'Your phone, WhatsApp and e-mail, so visitors can reach you.',
    to: '/site#section-contact',
    link: 'Open Contact',
  },
  service: {
    title: 'Your first own service',
    text: 'Describe one session you offer, with its price and booking link.',
    to: '/services/create',
    link: 'Add a service',
  },
  samples: {
    title: 'Remove the sample services',
    text: 'The sample services and banners move to the Trash, and the sample testimonials are hidden.',
  },
};

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** "10 services, 3 banners and 4 testimonials" (only the kinds there are). */
export function describeSamples(counts: SampleCounts): string {
  const parts = [
    counts.services ? plural(counts.services, 'service') : '',
    counts.banners ? plural(counts.banners, 'banner') : '',
    counts.testimonials ? plural(counts.testimonials, 'testimonial') : '',
  ].filter((part) => part !== '');
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

const loadStatus = (signal: AbortSignal) => firstRunApi.status(signal).then((reply) => reply.data);

export function FirstRunChecklist({ onContentChanged }: { onContentChanged: () => void }) {
  const { resource, reload } = useResource(loadStatus);
  const [dismissed, setDismissed] = useState(readDismissed);
  const [removing, setRemoving] = useState(false);

  if (dismissed || resource.status !== 'ready') return null;
  const status: FirstRunStatus = resource.data;
  const doneCount = status.steps.filter((step) => step.done).length;
  if (doneCount === status.steps.length) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: it stays hidden until the page is reloaded.
    }
    setDismissed(true);
  };

  const changed = () => {
    reload(true);
    onContentChanged();
  };

  const removeSamples = async () => {
    setRemoving(true);
    try {
      const reply = await firstRunApi.removeSamples();
      const moved = reply.data;
      const trashed = describeSamples({
        services: moved.services.length,
        banners: moved.banners.length,
        testimonials: 0,
      });
      const hidden = moved.testimonials.length
        ? ` ${plural(moved.testimonials.length, 'sample testimonial')} hidden.`
        : '';
      showToast({
        tone: 'success',
        title: reply.message ?? 'Sample content moved to the Trash',
        detail:
          `${trashed ? `${trashed} moved to the Trash for ${TRASH_DAYS} days.` : ''}${hidden} ${GOES_LIVE_HINT}`.trim(),
        about: 'first-run:samples',
        action: {
          label: 'Undo',
          run: () => {
            firstRunApi.restoreSamples(moved).then(
              (restored) => {
                showToast({ tone: 'success', title: restored.message ?? 'Sample content restored' });
                changed();
              },
              (error: unknown) =>
                showToast({
                  tone: 'error',
                  title: messageOr(error, 'Could not bring the sample content back'),
                  detail: 'The services and banners are still in the Trash, where you can restore them.',
                }),
            );
          },
        },
      });
      changed();
    } catch (error) {
      showToast({ tone: 'error', title: messageOr(error, 'Could not remove the sample content') });
      reload(true);
    } finally {
      setRemoving(false);
    }
  };

  const sampleCount = status.samples.services + status.samples.banners + status.samples.testimonials;
  return (
    <section className="card first-run" aria-labelledby="first-run-title">
      <div className="card-head first-run-head">
        <div>
          <h2 id="first-run-title" className="card-title">
            Make the site your own
          </h2>
          <p className="first-run-progress">
            {doneCount} of {status.steps.length} done
          </p>
        </div>
        <button type="button" className="button button-ghost button-sm" onClick={dismiss}>
          Hide this checklist
        </button>
      </div>
      <ol className="first-run-steps">
        {status.steps.map((step) => {
          const info = STEPS[step.id];
          return (
            <li key={step.id} className={step.done ? 'first-run-step done' : 'first-run-step'}>
              <span className="first-run-mark" aria-hidden="true">
                {step.done ? (
                  <svg viewBox="0 0 24 24" width="16" height="16">
                    <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
                  </svg>
                ) : null}
              </span>
              <div className="first-run-body">
                <p className="first-run-title">
                  {info.title}
                  <span className="visually-hidden">{step.done ? ': done' : ': to do'}</span>
                </p>
                {step.done ? null : (
                  <>
                    <p className="first-run-text">
                      {info.text}
                      {step.id === 'samples' && sampleCount > 0
                        ? ` Still on the site: ${describeSamples(status.samples)}.`
                        : ''}
                    </p>
                    {step.id === 'samples' ? (
                      <BusyButton busy={removing} onClick={() => void removeSamples()}>
                        Remove the sample content
                      </BusyButton>
                    ) : (
                      <Link to={info.to ?? '/dashboard'} className="first-run-link">
                        {info.link}
                      </Link>
                    )}
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {status.sampleTexts > 0 ? (
        <p className="first-run-note">
          {plural(status.sampleTexts, 'text')} {status.sampleTexts === 1 ? 'is' : 'are'} still the sample site’s:{' '}
          <Link to="/site">replace them on the Site screen</Link>.
        </p>
      ) : null}
    </section>
  );
}
