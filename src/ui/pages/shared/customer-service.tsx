import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resource } from '../../../contract/system.ts';
import {
  channelHost,
  openServiceWindow,
  useCustomerService,
} from '../../hooks/use-customer-service.ts';
import { customerServiceLinks, usePermission } from './site-data.ts';

/** Opens live chat and VIP service in their 440 x 750 window; other channels in a new tab. */
function openChannel(event: MouseEvent<HTMLAnchorElement>, resource: Resource) {
  if (resource.resourceType !== 'LIVECHAT' && resource.resourceType !== 'VIPSERVICE') return;
  event.preventDefault();
  openServiceWindow(resource.url);
}

type Props = {
  /**
   * Only these channels, in this order; when omitted, the member's chat channel by the spec's
   * rule (VIP service above rank level 4, else live chat), then Telegram and Facebook.
   */
  types?: Resource['resourceType'][];
  className?: string;
};

/** Links to the site's customer-service channels, or a line saying none is configured. */
export function CustomerServiceLinks({ types, className }: Props) {
  const { t } = useTranslation('pages');
  const permission = usePermission();
  const channel = useCustomerService();
  const chat: Resource[] = channel
    ? [
        {
          resourceType: channel.kind === 'vip' ? 'VIPSERVICE' : 'LIVECHAT',
          url: channel.url,
          qrCodeUrl: null,
        },
      ]
    : [];
  const links = types
    ? customerServiceLinks(permission, types)
    : [...chat, ...customerServiceLinks(permission, ['TELEGRAM', 'FACEBOOK'])];
  if (links.length === 0) {
    return <p className="pg-muted">{t('service.none')}</p>;
  }
  return (
    <div className={className ?? 'pg-actions'}>
      {links.map((resource) => (
        <a
          key={resource.resourceType + resource.url}
          className={`pg-btn pg-btn--service pg-btn--${resource.resourceType.toLowerCase()}`}
          href={resource.url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => openChannel(event, resource)}
        >
          <img
            src={`/media/pages/service-${resource.resourceType.toLowerCase()}.svg`}
            alt=""
            width="22"
            height="22"
            loading="lazy"
            decoding="async"
          />
          <span>{t(`service.${resource.resourceType}`)}</span>
          {/* What it opens, so an entry never leads somewhere unsaid (issue 34). */}
          <span className="pg-btn__where" data-testid="service-where">
            {t('service.opens', { host: channelHost(resource.url) })}
          </span>
        </a>
      ))}
    </div>
  );
}
