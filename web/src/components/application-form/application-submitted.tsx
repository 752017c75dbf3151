import { Link } from 'react-router';
import { APPLICATION_MESSAGES, APPLICATION_NEXT_STEPS } from '../../../../core/applications';
import { useSiteSettings } from '../../data/site-settings';
import { buttonClass } from '../ui/button';

/**
 * The success screen: the reference the server gave and what happens next. It stays until the
 * applicant leaves (no timed redirect), so the reference can be copied.
 */
export function ApplicationSubmitted({ reference }: { reference: string }) {
  const { discordInviteUrl } = useSiteSettings();
  return (
    <div
      role="status"
      className="mt-6 rounded-xl border border-emerald-400/40 bg-emerald-950/40 p-6 text-center"
    >
      <p className="text-xl font-semibold text-emerald-200">
        {APPLICATION_MESSAGES.submitted.title}
      </p>
      <p className="mt-2 text-white/90">{APPLICATION_MESSAGES.submitted.description}</p>
      <p className="mt-4">
        Your reference:{' '}
        <strong data-testid="application-reference" className="font-mono text-lg text-white">
          {reference}
        </strong>
      </p>
      <h3 className="mt-6 text-left font-semibold">What happens next</h3>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-left text-white/90">
        <li>{APPLICATION_NEXT_STEPS.review}</li>
        <li>{APPLICATION_NEXT_STEPS.answer}</li>
        <li>
          {APPLICATION_NEXT_STEPS.join}{' '}
          <a href={discordInviteUrl} className="font-medium text-lavender underline">
            Join our Discord
          </a>
        </li>
        <li>{APPLICATION_NEXT_STEPS.keep}</li>
      </ul>
      <Link to="/" className={`${buttonClass('secondary')} mt-6 inline-flex`}>
        Back to the home page
      </Link>
    </div>
  );
}
