import { describe, expect, it, beforeAll } from 'vitest';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { createActor } from 'xstate';
import { createI18n } from '../../src/services/i18n.ts';
import { systemStatusMachine } from '../../src/machines/system-status.machine.ts';
import {
  SiteShellFlowsProvider,
  type SiteShellFlows,
} from '../../src/ui/layout/site-shell-flows.ts';
import { CheckField, Field, SelectField } from '../../src/ui/components/form/field.tsx';
import { FormActions } from '../../src/ui/components/form/form-actions.tsx';
import { FormSection } from '../../src/ui/components/form/form-section.tsx';
import {
  amountFromInput,
  MoneyField,
  parseTypedMoney,
} from '../../src/ui/components/form/money-field.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createI18n('en');
});

// Only the start-up status is read (the currency symbol); it is never started here.
const shell = {
  systemStatus: createActor(systemStatusMachine, { input: { host: 'localhost' } }),
} as unknown as SiteShellFlows;

const html = (node: ReactNode) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <SiteShellFlowsProvider value={shell}>{node}</SiteShellFlowsProvider>
    </I18nextProvider>,
  );

/** The attributes of the first element whose tag matches. */
function attributes(markup: string, tag: string): Record<string, string> {
  const element = new RegExp(`<${tag}\\b([^>]*)>`).exec(markup)?.[1] ?? '';
  return Object.fromEntries([...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

describe('the form kit', () => {
  it('labels the input and describes it by its hint, then by its error too', () => {
    const quiet = html(<Field label="Username" name="username" hint="Letters and digits" />);
    const input = attributes(quiet, 'input');
    expect(attributes(quiet, 'label').for).toBe(input.id);
    expect(input['aria-invalid']).toBeUndefined();
    expect(input['aria-describedby']).toBe(`${input.id}-hint`);

    const wrong = html(<Field label="Username" name="username" hint="Letters" error="Too short" />);
    const invalid = attributes(wrong, 'input');
    expect(invalid['aria-invalid']).toBe('true');
    expect(invalid['aria-describedby']).toBe(`${invalid.id}-hint ${invalid.id}-error`);
    expect(wrong).toContain(`id="${invalid.id}-error" class="form-field__error" role="alert"`);
  });

  it('gives a password field its show button, and selects and checkboxes the same wiring', () => {
    expect(html(<Field label="Password" type="password" revealable />)).toContain('>Show</button>');
    const select = attributes(html(<SelectField label="Bank" error="Pick one" />), 'select');
    expect(select['aria-invalid']).toBe('true');
    expect(select['aria-describedby']).toBe(`${select.id}-error`);
    const check = attributes(html(<CheckField error="Required">Over 18</CheckField>), 'input');
    expect(check.type).toBe('checkbox');
    expect(check['aria-invalid']).toBe('true');
  });

  it('shows the currency symbol before a money field and reads amounts as minor units', () => {
    const markup = html(<MoneyField label="Amount" name="amount" />);
    expect(markup).toContain('<span class="form-field__prefix" aria-hidden="true">P</span>');
    expect(attributes(markup, 'input').inputMode).toBe('decimal');
    expect(parseTypedMoney('1,234.5')).toBe(123450n);
    expect(parseTypedMoney('12.345')).toBeNull();
    expect(amountFromInput('0')).toBeNull();
    expect(amountFromInput('250')).toBe('25000');
  });

  it('puts cancel before submit and marks a busy submit without changing its name', () => {
    const idle = html(
      <FormActions cancel={{ label: 'Cancel', onClick: () => {} }} submit={{ label: 'Save' }} />,
    );
    expect(idle.indexOf('Cancel')).toBeLessThan(idle.indexOf('Save'));
    const busy = html(<FormActions submit={{ label: 'Save', busy: true, testId: 'save' }} />);
    const button = attributes(busy, 'button');
    expect(button.disabled).toBe('');
    expect(button['aria-busy']).toBe('true');
    expect(busy).toContain('<span class="form-spinner" aria-hidden="true"></span>Save</button>');
  });

  it('names a section by its heading', () => {
    const markup = html(
      <FormSection title="Authenticator" testId="totp">
        <p>x</p>
      </FormSection>,
    );
    const section = attributes(markup, 'section');
    expect(attributes(markup, 'h3').id).toBe(section['aria-labelledby']);
  });
});
