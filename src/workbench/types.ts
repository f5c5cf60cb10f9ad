// What the rep's workbench reads from the server (GET /eVisit/workbench/today and /mine, docs/visits-api.md).
import type { ScoreItem } from '../../common/execution';
import type { PaymentMethod } from '../../common/orders';
import type { CheckInRuleValues, StepType, VisitStepDefinition } from '../../common/visits';

export type OutletRule = CheckInRuleValues & { ruleName: string | null };

export interface TodayOutlet {
  id: string;
  planId: string;
  planNo: string;
  seq: number;
  purpose: string | null;
  /** 'HH:MM' the outlet is planned for, if set. */
  plannedTime: string | null;
  mustVisit: boolean;
  status: 'PENDING' | 'VISITED' | 'MISSED' | 'CANCELLED';
  visitId: string | null;
  customerId: string;
  customerCode: string;
  customerName: string;
  address: string | null;
  lng: number | null;
  lat: number | null;
  rule: OutletRule;
  /** The active execution template its 陈列检查 is scored by; null: none applies. */
  executionTemplateId: string | null;
  /** The steps of its visits (its 拜访步骤模板, or the default ones). */
  steps: VisitStepDefinition[];
  stepTemplateName: string | null;
}

/** An execution template as the workbench scores a 陈列检查 with it (the server scores it again). */
export interface ExecutionTemplate {
  id: string;
  code: string;
  name: string;
  version: number;
  passScore: number;
  totalScore: number;
  items: Array<ScoreItem & { code: string }>;
}

export interface OpenVisit {
  id: string;
  visitNo: string;
  clientId: string;
  customerId: string;
  customerName: string;
  customerCode: string;
  address: string | null;
  checkInAt: string;
  checkInDistanceM: number;
  abnormalFlags: string[];
  rule: OutletRule;
  steps: Array<{ stepType: StepType; clientId: string }>;
  /** The orders placed during the visit, as the server priced them. */
  orders: Array<{ id: string; orderNo: string; payableAmount: string }>;
  executionTemplateId: string | null;
}

export interface Sku {
  id: string;
  skuCode: string;
  name: string;
  spec: string | null;
}

export interface Today {
  date: string;
  repName: string;
  /** Whether the rep may place orders (代客下单, order:add): 下单 is offered on a visit only then. */
  mayOrder: boolean;
  outlets: TodayOutlet[];
  openVisit: OpenVisit | null;
  skus: Sku[];
  executionTemplates: ExecutionTemplate[];
}

export interface MineVisit {
  id: string;
  visitNo: string;
  customerName: string;
  customerCode: string;
  checkInAt: string;
  status: string;
  status_dictText: string;
  isValid: boolean;
  abnormalFlags: string[];
  durationSec: number | null;
  executionScore: string | null;
  orderAmount: string;
}

export interface Mine {
  month: string;
  totalVisits: number;
  validVisits: number;
  abnormalVisits: number;
  avgScore: number | null;
  orderAmount: string;
  visits: MineVisit[];
}

/** A line of an order placed in a visit: a SKU in cases and loose units. */
export interface OrderLine {
  skuId: string;
  cases: number;
  units: number;
}

/** A fix of the device, in GCJ-02 (what the outlets' coordinates are stored in). */
export interface Fix {
  lng: number;
  lat: number;
  accuracyM: number;
  at: string;
}

/** A watermarked picture waiting in the queue, with the facts its upload carries. */
export interface QueuedPhoto {
  clientId: string;
  kind: string;
  dataUrl: string;
  capturedAt: string;
  lng: number | null;
  lat: number | null;
  accuracy: number | null;
  address: string | null;
  watermarkText: string;
}

/** The visit the rep is in, known on the device before (or without) the server's answer. */
export interface LocalVisit {
  /** The check-in's client id: what queued steps name until the server's visit id is known. */
  key: string;
  customerId: string;
  customerName: string;
  customerCode: string;
  address: string | null;
  checkInAt: string;
  rule: OutletRule;
  /** The visit's steps; absent on a visit persisted by an older workbench (the default steps then). */
  steps?: VisitStepDefinition[];
  stepsDone: StepType[];
}

export type QueueItem =
  | { id: string; kind: 'photo'; photo: QueuedPhoto }
  | {
      id: string;
      kind: 'checkIn';
      body: {
        clientId: string;
        customerId: string;
        lng: number;
        lat: number;
        accuracyM: number;
        reason: string | null;
        deviceTime: string;
        /** This browser's id as the rep's device (clientIds.ts): the server compares it with the last one. */
        deviceId?: string;
        appVersion: string;
      };
      photoKey: string | null;
    }
  | {
      id: string;
      kind: 'step';
      visitKey: string;
      body: { clientId: string; stepType: StepType; data: Record<string, unknown> };
      photoKeys: string[];
    }
  | {
      /** 门店执行 of the visit: the template's items as recorded, the photos by item. */
      id: string;
      kind: 'execution';
      visitKey: string;
      body: {
        clientId: string;
        templateId: string;
        items: Array<{ itemId: string; value: boolean | number | string | null }>;
      };
      photoKeys: Record<string, string[]>;
    }
  | {
      /** 下单 for the visit's outlet: SKUs and quantities, priced by the server (POST /eVisit/order). */
      id: string;
      kind: 'order';
      visitKey: string;
      body: { clientId: string; paymentMethod: PaymentMethod; lines: OrderLine[] };
    }
  | {
      id: string;
      kind: 'checkOut';
      visitKey: string;
      body: { lng: number; lat: number; accuracyM: number; remark: string | null; deviceTime: string };
      photoKey: string | null;
    };
