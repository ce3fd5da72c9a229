import { useTranslation } from 'react-i18next';
import type { Resource } from '../../contract/system.ts';
import { ChatIcon, FacebookIcon, TelegramIcon } from '../components/icons.tsx';
import {
  channelHost,
  openServiceWindow,
  useCustomerService,
} from '../hooks/use-customer-service.ts';
import { usePermission } from '../hooks/use-permission.ts';

const linkTypes = ['FACEBOOK', 'TELEGRAM'] as const;
const icons = { FACEBOOK: FacebookIcon, TELEGRAM: TelegramIcon };

/**
 * Customer-service icons for the resources the site has configured: the chat button opens the
 * member's channel by the spec's rule (VIP service above rank level 4, else live chat), then
 * Facebook and Telegram.
 */
export function RightBar() {
  const { t } = useTranslation('layout');
  const resources = usePermission()?.resources ?? [];
  const channel = useCustomerService();
  const links = linkTypes
    .map((type) => resources.find((r) => r.resourceType === type && r.url))
    .filter((r): r is Resource => r !== undefined);
  if (!channel && links.length === 0) return null;
  // Each entry says what it opens and where (issue 34): the chat in its window, a link in a tab.
  const chatLabel = channel
    ? t('rightBar.opensWindow', {
        name: t(`rightBar.${channel.kind === 'vip' ? 'VIPSERVICE' : 'LIVECHAT'}`),
        host: channelHost(channel.url),
      })
    : '';
  return (
    <nav className="right-bar" aria-label={t('rightBar.label')}>
      <ul className="right-bar__list">
        {channel && (
          <li>
            <button
              type="button"
              className="right-bar__button"
              data-testid="right-bar-service"
              data-channel={channel.kind}
              onClick={() => openServiceWindow(channel.url)}
              aria-label={chatLabel}
              title={chatLabel}
            >
              <ChatIcon />
            </button>
          </li>
        )}
        {links.map((resource) => {
          const Icon = icons[resource.resourceType as (typeof linkTypes)[number]];
          const label = t('rightBar.opensTab', {
            name: t(`rightBar.${resource.resourceType}`),
            host: channelHost(resource.url),
          });
          return (
            <li key={resource.resourceType}>
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
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
