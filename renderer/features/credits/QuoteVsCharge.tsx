import { ChevronRight } from 'lucide-react';
import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import { useShallow } from 'zustand/react/shallow';
import type { Job } from '../../../shared/ipc/index.ts';
import { useJobsStore } from '../../stores/jobsStore.ts';
import { formatCount, formatDateTime } from '../../ui/format.ts';

/** For each job, the quoted price beside what the service actually charged; any difference is flagged. */
export function QuoteVsCharge() {
  const jobs = useJobsStore(
    useShallow((s) => Object.values(s.jobs).filter((job) => job.quotedCredits !== null || job.creditsUsed !== null)),
  );
  const sorted = [...jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const differing = sorted.filter(differs).length;

  return (
    <Disclosure className="quote-disclosure" defaultExpanded={differing > 0}>
      <div className="quote-summary">
        <p className={differing > 0 ? 'form-warning' : 'muted'} role="status">
          {differing === 0
            ? 'Every charge matched its quote.'
            : `${differing} ${differing === 1 ? 'charge differs' : 'charges differ'} from the quote; see the flagged rows.`}
        </p>
        <Button slot="trigger" className="button button-ghost button-sm quote-disclosure-trigger">
          <ChevronRight size={14} aria-hidden="true" />
          Details
        </Button>
      </div>
      <DisclosurePanel className="quote-disclosure-panel">
        <QuoteTable jobs={sorted} />
      </DisclosurePanel>
    </Disclosure>
  );
}

function QuoteTable({ jobs: sorted }: { jobs: readonly Job[] }) {
  return (
    // Scrolls on its own: focusable and named, so the keyboard can reach and scroll it.
    <div className="quote-vs-charge" tabIndex={0} role="region" aria-label="Quoted prices and charges">
      <table className="data-table" data-testid="quote-table">
        <caption className="visually-hidden">Quoted price and actual charge per job</caption>
        <thead>
          <tr>
            <th scope="col">Job</th>
            <th scope="col">When</th>
            <th scope="col" className="numeric">
              Quoted
            </th>
            <th scope="col" className="numeric">
              Charged
            </th>
            <th scope="col">Check</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((job) => (
            <tr key={job.id} className={differs(job) ? 'row-flagged' : undefined} data-job-id={job.id}>
              <td>{job.title}</td>
              <td>{formatDateTime(job.createdAt)}</td>
              <td className="numeric">{job.quotedCredits !== null ? formatCount(job.quotedCredits) : '—'}</td>
              <td className="numeric">{job.creditsUsed !== null ? formatCount(job.creditsUsed) : '—'}</td>
              <td>{verdict(job)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {sorted.length === 0 && <p className="muted">No priced jobs yet.</p>}
    </div>
  );
}

function differs(job: Job): boolean {
  return job.quotedCredits !== null && job.creditsUsed !== null && job.quotedCredits !== job.creditsUsed;
}

function verdict(job: Job): string {
  if (job.creditsUsed === null) return job.state === 'failed' || job.state === 'cancelled' ? 'Not charged' : 'Not charged yet';
  if (job.quotedCredits === null) return 'No quote';
  const difference = job.creditsUsed - job.quotedCredits;
  const refunded = job.creditsRefunded !== null && job.creditsRefunded > 0 ? `; ${formatCount(job.creditsRefunded)} refunded` : '';
  if (difference === 0) return `Matches${refunded}`;
  return `${difference > 0 ? `⚠ ${formatCount(difference)} more than quoted` : `⚠ ${formatCount(-difference)} less than quoted`}${refunded}`;
}
