import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** An address the site does not have. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <section className="system-page system-page--inline" data-testid="page-not-found">
      <p className="system-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="system-page__title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className="btn btn--primary">
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
