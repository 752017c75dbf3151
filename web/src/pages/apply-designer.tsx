import { ApplicationForm } from '../components/application-form/application-form';

export default function ApplyDesignerPage() {
  return <ApplicationForm type="designer" />;
}
