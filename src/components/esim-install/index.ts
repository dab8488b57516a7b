export { EsimDelivery } from './esim-delivery';
export { InstallChecklist } from './install-checklist';
