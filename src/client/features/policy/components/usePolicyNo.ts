import { useSearchParams } from 'react-router-dom';

/** The policy number a detail page was opened for (?policyNo=...). */
export function usePolicyNo(): string {
  const [params] = useSearchParams();
  return (params.get('policyNo') ?? '').trim();
}
