import { ChevronRight } from 'lucide-react';
import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import { useIntl, type IntlShape } from 'react-intl';
import { useShallow } from 'zustand/react/shallow';
import type { Job } from '../../../shared/ipc/index.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import { useFormats } from '../../i18n/LanguageProvider.tsx';
import { JobTitleLabel } from '../../ui/JobTitleLabel.tsx';

/** For each job, the quoted price beside what the service actually charged; any difference is flagged. */
export function QuoteVsCharge() {
  const jobs = useJobsStore(
    useShallow((s) => Object.values(s.jobs).filter((job) => job.quotedCredits !== null || job.creditsUsed !== null)),
  );
  const sorted = [...jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const differing = sorted.filter(differs).length;
  const intl = useIntl();

  return (
    <Disclosure className="quote-disclosure" defaultExpanded={differing > 0}>
      <div className="quote-summary">
        <p className={differing > 0 ? 'form-warning' : 'muted'} role="status">
          {differing === 0
            ? intl.formatMessage({ id: 'credits.quotes.allMatch' })
            : intl.formatMessage({ id: 'credits.quotes.differing' }, { count: differing })}
        </p>
        <Button slot="trigger" className="button button-ghost button-sm quote-disclosure-trigger">
          <ChevronRight size={14} aria-hidden="true" />
          {intl.formatMessage({ id: 'credits.quotes.details' })}
        </Button>
      </div>
      <DisclosurePanel className="quote-disclosure-panel">
        <QuoteTable jobs={sorted} />
      </DisclosurePanel>
    </Disclosure>
  );
}

function QuoteTable({ jobs: sorted }: { jobs: readonly Job[] }) {
  const intl = useIntl();
  const formats = useFormats();
  const count = (value: number | null) => (value !== null ? formats.number(value) : '—');
  return (
    // Scrolls on its own: focusable and named, so the keyboard can reach and scroll it.
    <div className="quote-vs-charge" tabIndex={0} role="region" aria-label={intl.formatMessage({ id: 'credits.quotes.region' })}>
      <table className="data-table" data-testid="quote-table">
        <caption className="visually-hidden">{intl.formatMessage({ id: 'credits.quotes.caption' })}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage({ id: 'credits.quotes.job' })}</th>
            <th scope="col">{intl.formatMessage({ id: 'credits.column.when' })}</th>
            <th scope="col" className="numeric">
              {intl.formatMessage({ id: 'credits.quotes.quoted' })}
            </th>
            <th scope="col" className="numeric">
              {intl.formatMessage({ id: 'credits.quotes.charged' })}
            </th>
            <th scope="col">{intl.formatMessage({ id: 'credits.quotes.check' })}</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((job) => (
            <tr key={job.id} className={differs(job) ? 'row-flagged' : undefined} data-job-id={job.id}>
              <td>
                <JobTitleLabel title={job.title} />
              </td>
              <td>{formats.dateTimeOf(job.createdAt)}</td>
              <td className="numeric">{count(job.quotedCredits)}</td>
              <td className="numeric">{count(job.creditsUsed)}</td>
              <td>{verdict(job, intl)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {sorted.length === 0 && <p className="muted">{intl.formatMessage({ id: 'credits.quotes.none' })}</p>}
    </div>
  );
}

function differs(job: Job): boolean {
  return job.quotedCredits !== null && job.creditsUsed !== null && job.quotedCredits !== job.creditsUsed;
}

/** How a job's charge compares with its quote, and what was refunded. */
function verdict(job: Job, intl: IntlShape): string {
  if (job.creditsUsed === null) {
    return intl.formatMessage({
      id: job.state === 'failed' || job.state === 'cancelled' ? 'credits.verdict.notCharged' : 'credits.verdict.notChargedYet',
    });
  }
  if (job.quotedCredits === null) return intl.formatMessage({ id: 'credits.verdict.noQuote' });
  const difference = job.creditsUsed - job.quotedCredits;
  const compared =
    difference === 0
      ? intl.formatMessage({ id: 'credits.verdict.matches' })
      : intl.formatMessage({ id: difference > 0 ? 'credits.verdict.more' : 'credits.verdict.less' }, { count: Math.abs(difference) });
  if (job.creditsRefunded === null || job.creditsRefunded <= 0) return compared;
  return intl.formatMessage({ id: 'credits.verdict.refunded' }, { verdict: compared, count: job.creditsRefunded });
}
