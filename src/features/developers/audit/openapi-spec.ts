import { operators, plans } from '#domain/catalogue';
import { site } from '../../../config/site';

const list = (values: readonly string[]) => `[${values.join(', ')}]`;

/**
 * The documented API as OpenAPI 3.1 YAML, with the catalogue's ids as enums. Whatever SPEC
 * leaves unspecified (base URL, response bodies, error bodies, activate/profile fields) stays
 * open and says so.
 */
export function openApiYaml(): string {
  return `openapi: 3.1.0
info:
  title: ${site.brandName} API
  version: 1.0.0
  description: >-
    Data-only eSIM plans for Myanmar. The base URL is issued with the API key and is not
    yet specified here; responses marked "not yet specified" have no agreed body yet.
components:
  securitySchemes:
    apiKeyHeader:
      type: apiKey
      in: header
      name: x-api-key
    bearerKey:
      type: http
      scheme: bearer
  schemas:
    Operator:
      type: string
      enum: ${list(operators.map((operator) => operator.name))}
    PlanId:
      type: string
      enum: ${list(plans.map((plan) => plan.id))}
    Plan:
      type: object
      required: [id, name, data, validity, price, priceFormatted, features, isAvailable]
      properties:
        id: { $ref: '#/components/schemas/PlanId' }
        name: { description: Plan name }
        data: { description: 'Data allowance, e.g. "15 GB"' }
        validity: { description: 'Validity, e.g. "30 days"' }
        price: { type: number, description: Price in MMK }
        priceFormatted: { description: Price as display text }
        features: { type: array, description: What the plan includes }
        isPopular: { description: Optional; true on the most popular plan }
        isAvailable: { type: boolean }
    PurchaseByOperator:
      description: Reading 1 of the purchase body (purchase flow)
      type: object
      required: [operator, contactInfo]
      properties:
        operator: { $ref: '#/components/schemas/Operator' }
        contactInfo: { type: string, description: Email address or phone number starting with 09 }
    PurchaseByPlan:
      description: Reading 2 of the purchase body (audit API spec)
      type: object
      required: [planId, contactInfo]
      properties:
        planId: { $ref: '#/components/schemas/PlanId' }
        contactInfo: { type: string, description: Email address or phone number starting with 09 }
    ServiceStatus:
      type: string
      enum: [OPERATIONAL, DEGRADED, OUTAGE]
    StatusResponse:
      type: object
      required: [overallStatus, lastChecked, services]
      properties:
        overallStatus: { $ref: '#/components/schemas/ServiceStatus' }
        lastChecked: { description: Time of the last check; format not yet specified }
        services:
          type: array
          items:
            type: object
            required: [id, name, status, message, latency]
            properties:
              id: {}
              name: {}
              status: { $ref: '#/components/schemas/ServiceStatus' }
              message: {}
              latency: { description: Measured response time }
paths:
  /status:
    get:
      summary: System status
      security: []
      responses:
        '200':
          description: Current status
          content:
            application/json:
              schema: { $ref: '#/components/schemas/StatusResponse' }
  /plans:
    get:
      summary: Data plans
      description: Access control not yet specified.
      responses:
        '200':
          description: The plans on offer
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Plan' }
  /purchase:
    post:
      summary: Buy a plan
      security:
        - apiKeyHeader: []
        - bearerKey: []
      requestBody:
        required: true
        content:
          application/json:
            schema:
              oneOf:
                - $ref: '#/components/schemas/PurchaseByOperator'
                - $ref: '#/components/schemas/PurchaseByPlan'
      responses:
        '401':
          description: Missing or invalid API key (body not yet specified)
        default:
          description: Not yet specified
  /v1/activate:
    post:
      summary: Activate an eSIM
      description: Request fields, response fields and authentication not yet specified.
      responses:
        default:
          description: Not yet specified
  /v1/profile/{orderId}:
    get:
      summary: eSIM profile status of an order
      parameters:
        - name: orderId
          in: path
          required: true
          description: The order number, e.g. NXR-20261121-093015
          schema: { type: string }
      responses:
        default:
          description: Not yet specified
  /api/payments/notifications:
    post:
      summary: Payment notification from the acquirer (this shop's addition)
      description: >-
        Signed with the shared secret PAYMENT_NOTIFY_SECRET in the header X-Payment-Signature,
        t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">. The full contract is in the
        API server's own document (GET /openapi.json).
      responses:
        '200':
          description: The order is paid and its eSIM delivered, or a repeated eventId
        '202':
          description: No such order or another amount, recorded for staff
        '401':
          description: Missing or wrong signature, or a time more than 300 s off
        '409':
          description: The transaction id already paid another order
  /api/payments/2c2p/notify:
    post:
      summary: 2C2P's backend notification of a card payment (this shop's addition)
      description: >-
        {"payload": "<JWT>"}, HS256 with the merchant's secret key; checked against 2C2P's
        payment inquiry before an order is paid. The full contract is in GET /openapi.json.
      responses:
        '200':
          description: Received; outcome says what the server made of it
        '401':
          description: Not signed HS256 with this merchant's key
        '503':
          description: 2C2P's inquiry did not answer; nothing paid, 2C2P sends again
  /api/payments/kbzpay/notify:
    post:
      summary: KBZPay's notification of a paid QR code (this shop's addition)
      description: >-
        {"Request": {…, "sign"}}, KBZPay's SHA-256 sign with the app key; checked against
        KBZPay's queryorder before an order is paid. The full contract is in GET /openapi.json.
      responses:
        '200':
          description: success (text), as KBZPay expects
        '401':
          description: A sign that does not hold
        '503':
          description: KBZPay's queryorder did not answer; nothing paid
`;
}
