// The shared pieces the practice screens now use (docs/admin.md, "components/") must draw exactly the markup those
// screens wrote out by hand before: the expected strings are that hand-written markup, rendered. One difference: the
// search box's label is now FieldLabel, the same element with the same attributes written in another order.
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server.browser';
import { describe, expect, it } from 'vitest';
import { BackToLogin } from '../features/auth/BackToLogin';
import { BusyButton } from './BusyButton';
import { ModalFormFooter } from './ModalFormFooter';
import { RadioChoices } from './RadioChoices';
import { RefreshButton } from './RefreshButton';
import { SearchField } from './SearchField';
import { TitledCard } from './TitledCard';

const noop = () => undefined;
const REFUND_CHOICES = [
  { value: 'full', label: 'All of it' },
  { value: 'none', label: 'Nothing' },
];

const cases: [string, ReactElement, string][] = [
  [
    'Refresh',
    <RefreshButton onRefresh={noop} />,
    '<button type="button" class="button button-ghost button-sm">Refresh</button>',
  ],
  [
    'Load more, running',
    <BusyButton busy onClick={noop}>
      Load more
    </BusyButton>,
    '<button type="button" class="button button-secondary button-sm" disabled=""><span class="spinner spinner-sm" aria-hidden="true"></span>Load more</button>',
  ],
  [
    'Sign in with a passkey, at rest',
    <BusyButton className="button button-secondary button-block" busy={false} onClick={noop}>
      Sign in with a passkey
    </BusyButton>,
    '<button type="button" class="button button-secondary button-block">Sign in with a passkey</button>',
  ],
  [
    'a card without an action',
    <TitledCard id="quick-actions-title" title="Quick Actions">
      <div className="quick-actions" />
    </TitledCard>,
    '<section class="card" aria-labelledby="quick-actions-title"><h2 id="quick-actions-title" class="card-title">Quick Actions</h2><div class="quick-actions"></div></section>',
  ],
  [
    'a card with an action',
    <TitledCard id="s-title" title="Services" className="card card-flush" action={<a href="/services">Manage</a>}>
      <p>rows</p>
    </TitledCard>,
    '<section class="card card-flush" aria-labelledby="s-title"><div class="card-head"><h2 id="s-title" class="card-title">Services</h2><a href="/services">Manage</a></div><p>rows</p></section>',
  ],
  [
    'the clients search',
    <SearchField
      className="clients-search field"
      id="clients-search"
      label="Find a client"
      placeholder="Name or e-mail"
      value="ma"
      onChange={noop}
    />,
    '<div class="clients-search field"><label for="clients-search" class="field-label">Find a client</label><input id="clients-search" class="input" type="search" placeholder="Name or e-mail" value="ma"/></div>',
  ],
  [
    'a form modal footer, submitting',
    <ModalFormFooter form="passkey-rename-form" busy leaveLabel="Cancel" onLeave={noop}>
      Save name
    </ModalFormFooter>,
    '<button type="button" class="button button-ghost" disabled="">Cancel</button><button type="submit" form="passkey-rename-form" class="button button-primary" disabled=""><span class="spinner spinner-sm" aria-hidden="true"></span>Save name</button>',
  ],
  [
    'the refund choice',
    <RadioChoices name="refund" choices={REFUND_CHOICES} value="none" onChange={noop} disabled />,
    '<label class="choice"><input type="radio" disabled="" name="refund" value="full"/><span>All of it</span></label><label class="choice"><input type="radio" disabled="" name="refund" checked="" value="none"/><span>Nothing</span></label>',
  ],
  [
    'Back to Login',
    <BackToLogin onBack={noop} />,
    '<div class="login-links"><button type="button" class="link-button">Back to Login</button></div>',
  ],
];

describe('the practice screens’ shared pieces', () => {
  it.each(cases)('%s draws the markup the screens wrote by hand', (_name, element, markup) => {
    expect(renderToStaticMarkup(element)).toBe(markup);
  });
});
