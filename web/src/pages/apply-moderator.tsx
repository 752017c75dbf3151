import { ApplicationForm } from '../components/application-form/application-form';

export default function ApplyModeratorPage() {
  return <ApplicationForm type="moderator" />;
}
