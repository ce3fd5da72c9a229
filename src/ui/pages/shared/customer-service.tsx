import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { constants } from '../../../contract/constants.ts';
import type { Resource } from '../../../contract/system.ts';
import { customerServiceLinks, usePermission } from './site-data.ts';

const { width, height } = constants.customerServiceWindow;

/** Opens live chat in its 440 x 750 window; other channels open in a new tab. */
function openChannel(event: MouseEvent<HTMLAnchorElement>, resource: Resource) {
  if (resource.resourceType !== 'LIVECHAT' && resource.resourceType !== 'VIPSERVICE') return;
  const popup = window.open(resource.url, 'customerService', `width=${width},height=${height}`);
  if (popup) event.preventDefault();
}

type Props = {
  /** Only these channels, in this order; all of the payload's when omitted. */
  types?: Resource['resourceType'][];
  className?: string;
};

/** Links to the site's customer-service channels, or a line saying none is configured. */
export function CustomerServiceLinks({ types, className }: Props) {
  const { t } = useTranslation('pages');
  const permission = usePermission();
  const links = customerServiceLinks(permission, types);
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
          <img src={`/media/pages/service-${resource.resourceType.toLowerCase()}.svg`} alt="" />
          <span>{t(`service.${resource.resourceType}`)}</span>
        </a>
      ))}
    </div>
  );
}
