import { useTranslation } from 'react-i18next';
import { constants } from '../../contract/constants.ts';
import type { Resource } from '../../contract/system.ts';
import { ChatIcon, FacebookIcon, TelegramIcon } from '../components/icons.tsx';
import { usePermission } from '../hooks/use-permission.ts';

const shownTypes = ['LIVECHAT', 'FACEBOOK', 'TELEGRAM'] as const;
const icons = { LIVECHAT: ChatIcon, FACEBOOK: FacebookIcon, TELEGRAM: TelegramIcon };

/**
 * Opens live chat in its one 440x750 window, as the spec's customer-service window. 'noopener'
 * is not among the features: with it window.open answers null even when the window opened, and
 * the blocked-popup fallback opened a second one. The chat page gets no opener instead.
 */
export function openLiveChat(url: string): void {
  const { width, height } = constants.customerServiceWindow;
  const opened = window.open(url, 'livechat', `width=${width},height=${height}`);
  // A blocked popup still reaches the chat, in a tab.
  if (!opened) {
    window.open(url, '_blank', 'noopener');
    return;
  }
  try {
    opened.opener = null;
  } catch {
    // The window already shows the chat's own origin, which cannot be told to drop it.
  }
}

/** Customer-service icons for the resources the site has configured. */
export function RightBar() {
  const { t } = useTranslation('layout');
  const resources = usePermission()?.resources ?? [];
  const shown = shownTypes
    .map((type) => resources.find((r) => r.resourceType === type && r.url))
    .filter((r): r is Resource => r !== undefined);
  if (shown.length === 0) return null;
  return (
    <nav className="right-bar" aria-label={t('rightBar.label')}>
      <ul className="right-bar__list">
        {shown.map((resource) => {
          const Icon = icons[resource.resourceType as (typeof shownTypes)[number]];
          const label = t(`rightBar.${resource.resourceType}`);
          return (
            <li key={resource.resourceType}>
              {resource.resourceType === 'LIVECHAT' ? (
                <button
                  type="button"
                  className="right-bar__button"
                  onClick={() => openLiveChat(resource.url)}
                  aria-label={label}
                  title={label}
                >
                  <Icon />
                </button>
              ) : (
                <a
                  href={resource.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="right-bar__button"
                  aria-label={label}
                  title={label}
                >
                  <Icon />
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
