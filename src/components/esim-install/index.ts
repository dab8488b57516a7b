export { EsimDelivery } from './esim-delivery';
