// Printable reports: the app stores the report data and opens this page in a new tab.
import { Icon } from '../components/Icon.tsx';

export function ReportPage({ kind }: { kind: 'injection' | 'sequence' }) {
  const title = kind === 'injection' ? 'Injection report' : 'Sequence report';
  return (
    <div className="report">
      <h1>{title}</h1>
      <div className="share__message card" role="status">
        <Icon name="description" className="share__message-icon" />
        <p>
          No report data is stored in this browser. Open the report from the sequence or injection in Eluent.
        </p>
      </div>
    </div>
  );
}
