import { PendingPage } from '../components/pending-page';

export function WhatIsEsimPage() {
  return <PendingPage page="whatIsEsim" />;
}
