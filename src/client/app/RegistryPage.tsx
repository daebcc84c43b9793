import { StatusResult } from '../shared/StatusResult';
import { Component, Suspense, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useMessages } from '../shared/i18n';
import { Spinner } from '../shared/Spinner';
import '../shared/buttons.css';
import { reloadPage } from '../shared/navigation';
import { usePageTitle } from '../shared/usePageTitle';
import { shellMessages } from './messages';
import { hasPage, pageRegistry } from './pageRegistry';
import { paths } from '../shared/paths';

/** A chunk that did not arrive (the network went away): the notice with a reload instead of a blank page. */
export class ChunkBoundary extends Component<
  { fallback: (retry: () => void) => ReactNode; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback(reloadPage) : this.props.children;
  }
}

export function ChunkFailed({ retry }: { retry: () => void }) {
  const m = useMessages(shellMessages);
  return (
    <StatusResult
      data-testid="chunk-failed"
      status="warning"
      title={m.chunkFailedTitle}
      subTitle={m.chunkFailedText}
      extra={
        <button type="button" className="mc-btn mc-btn-primary" onClick={retry}>
          {m.retry}
        </button>
      }
    />
  );
}

/** Renders a registered page by name, in its own chunk; an unknown name is the hidden 404 page. */
export function RegistryPage({ component, title }: { component: string; title?: string }) {
  usePageTitle(title);
  const m = useMessages(shellMessages);
  if (!hasPage(component)) return <Navigate to={paths.notFound.path} replace />;
  const Page = pageRegistry[component];
  return (
    <ChunkBoundary fallback={(retry) => <ChunkFailed retry={retry} />}>
      <Suspense
        fallback={
          <div className="mc-page-loading">
            <Spinner label={m.loading} />
          </div>
        }
      >
        <Page />
      </Suspense>
    </ChunkBoundary>
  );
}
