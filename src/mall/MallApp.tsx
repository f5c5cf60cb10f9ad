// The phone-sized web mall (/mall, issue #22): its own lean entry — React and the buyer API only, no antd,
// store or router of the back office. An outlet owner browses at his own prices, fills the cart, orders (在线支付
// or 货到付款) and tracks; an employee buys at employee price within his quota and per-SKU limits and picks a
// pickup point. Both pay by WeChat Pay H5 (the simulator's cashier outside production) in a window of its own
// while the mall polls the order until it is paid; the employee then shows the pickup code.
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, mallToken, MallError, type Buyer, type Item } from './api';
import './mall.css';

type Tab = 'shop' | 'cart' | 'orders';

function Login({ onIn }: { onIn: () => void }) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'OUTLET' | 'EMPLOYEE'>('OUTLET');
  const [note, setNote] = useState('');
  const send = async () => {
    try {
      await call('/sms', { mobile });
      setNote('验证码已发送');
    } catch (error) {
      setNote((error as Error).message);
    }
  };
  const login = async () => {
    try {
      const { token } = await call<{ token: string }>('/login', { mobile, code, kind });
      mallToken.set(token);
      onIn();
    } catch (error) {
      setNote((error as Error).message);
    }
  };
  return (
    <div className="mall-login">
      <h1>渠道商城</h1>
      <div className="mall-kinds" role="radiogroup" aria-label="身份">
        {(['OUTLET', 'EMPLOYEE'] as const).map((each) => (
          <button key={each} type="button" aria-pressed={kind === each} onClick={() => setKind(each)}>
            {each === 'OUTLET' ? '门店订货' : '员工内购'}
          </button>
        ))}
      </div>
      <input
        aria-label="手机号"
        placeholder="手机号"
        inputMode="tel"
        value={mobile}
        onChange={(e) => setMobile(e.target.value)}
      />
      <div className="mall-row">
        <input
          aria-label="验证码"
          placeholder="验证码"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="button" onClick={() => void send()}>
          获取验证码
        </button>
      </div>
      <button type="button" className="mall-primary" onClick={() => void login()}>
        登录
      </button>
      {note && <p className="mall-note">{note}</p>}
    </div>
  );
}

interface EmployeeOrder {
  id: string;
  orderNo: string;
  status: string;
  status_dictText: string;
  payableAmount: string;
  pickupPointName: string;
  pickupCode: string | null;
}
/** The payments service's prepay (docs/payments-api.md). */
interface Prepay {
  payNo: string;
  expiresAt: string;
  h5Url: string | null;
  /** Outside production: the simulator's cashier, where the payer presses 确认支付 (it does not come back). */
  simulatorPayUrl: string | null;
}
const PAY_POLL_MS = 2000;

interface OutletOrder {
  id: string;
  orderNo: string;
  status: string;
  status_dictText: string;
  paymentMethod: string;
  paymentStatus: string;
  paymentStatus_dictText: string;
  payableAmount: string;
  orderedAt: string;
}

/** A payStatus answer: the employee order's status, or the outlet order's with its payment status. */
interface PayState {
  status: string;
  status_dictText: string;
  paymentStatus?: string;
  paymentStatus_dictText?: string;
  /** Outlet orders: still owing (the server decides). */
  waiting?: boolean;
}

/** Where each kind of buyer pays and polls, and how the answer reads. */
const PAYING = {
  EMPLOYEE: {
    pay: '/employee/orders/pay',
    status: '/employee/orders/payStatus',
    waiting: (state: PayState) => state.status === 'PENDING_PAYMENT',
    paid: (state: PayState) => state.status === 'PAID',
    text: (state: PayState) => state.status_dictText,
  },
  OUTLET: {
    pay: '/orders/pay',
    status: '/orders/payStatus',
    waiting: (state: PayState) => Boolean(state.waiting),
    paid: (state: PayState) => state.paymentStatus === 'PAID',
    text: (state: PayState) => state.paymentStatus_dictText ?? state.status_dictText,
  },
} as const;

const CLOSED_ORDER = ['CANCELLED', 'INVALID', 'REJECTED'];

/** Whether a listed order still waits for the buyer's online payment (去支付). */
const awaitsPayment = (order: EmployeeOrder | OutletOrder) =>
  'pickupPointName' in order
    ? order.status === 'PENDING_PAYMENT'
    : order.paymentMethod === 'ONLINE' &&
      ['UNPAID', 'PARTIAL'].includes(order.paymentStatus) &&
      !CLOSED_ORDER.includes(order.status);

export function MallApp() {
  const [signedIn, setSignedIn] = useState(Boolean(mallToken.get()));
  const [buyer, setBuyer] = useState<Buyer | null>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [promotions, setPromotions] = useState<Array<{ id: string; name: string }>>([]);
  const [cart, setCart] = useState<Array<{ skuId: string; cases: number; name: string }>>([]);
  const [tab, setTab] = useState<Tab>('shop');
  const [points, setPoints] = useState<Array<{ id: string; name: string; address: string }>>([]);
  const [point, setPoint] = useState('');
  /** The outlet's 付款方式 (employees pay online or by payroll, online here). */
  const [method, setMethod] = useState<'ONLINE' | 'COD'>('ONLINE');
  const [payable, setPayable] = useState<string | null>(null);
  const [orders, setOrders] = useState<Array<EmployeeOrder | OutletOrder>>([]);
  const [note, setNote] = useState('');
  /** The cashier's link when the browser did not let the mall open its window. */
  const [payLink, setPayLink] = useState<string | null>(null);
  /** Bumped by a newer payment and on leaving: an older poll stops. */
  const polling = useRef(0);
  useEffect(
    () => () => {
      polling.current += 1;
    },
    [],
  );

  const fail = (error: unknown) => {
    if (error instanceof MallError && error.code === 401) setSignedIn(false);
    setNote((error as Error).message);
  };
  const load = useCallback(async () => {
    try {
      const me = await call<Buyer>('/me');
      setBuyer(me);
      const catalogue = await call<{ items: Item[]; promotions: Array<{ id: string; name: string }> }>(
        '/catalogue',
      );
      setItems(catalogue.items);
      setPromotions(catalogue.promotions);
      setCart(await call('/cart'));
      if (me.kind === 'EMPLOYEE') {
        const open = await call<Array<{ id: string; name: string; address: string }>>('/pickupPoints');
        setPoints(open);
        setPoint((current) => current || open[0]?.id || '');
      }
    } catch (error) {
      fail(error);
    }
  }, []);
  useEffect(() => {
    if (signedIn) void load();
  }, [signedIn, load]);

  const loadOrders = async () => {
    try {
      setOrders(
        buyer?.kind === 'EMPLOYEE'
          ? await call<EmployeeOrder[]>('/employee/orders/list')
          : (await call<{ records: OutletOrder[] }>('/orders/list')).records,
      );
    } catch (error) {
      fail(error);
    }
  };
  const setQty = async (skuId: string, cases: number) => {
    try {
      setCart(await call('/cart/set', { skuId, cases: Math.max(0, cases) }));
      setNote('');
    } catch (error) {
      fail(error);
    }
  };
  const openCart = async () => {
    setTab('cart');
    setPayable(null);
    if (buyer?.kind === 'OUTLET' && cart.length > 0) {
      try {
        setPayable((await call<{ payableAmount: string }>('/cart/preview', {})).payableAmount);
      } catch (error) {
        fail(error);
      }
    }
  };
  /** Polls the order until its payment settles (or its prepay expires), then says so and reloads. */
  const awaitPaid = async (
    kind: keyof typeof PAYING,
    order: { id: string; orderNo: string },
    expiresAt: string,
  ) => {
    const paying = PAYING[kind];
    polling.current += 1;
    const generation = polling.current;
    try {
      while (polling.current === generation && Date.now() < Date.parse(expiresAt)) {
        await new Promise((resolve) => setTimeout(resolve, PAY_POLL_MS));
        const now = await call<PayState>(`${paying.status}?id=${encodeURIComponent(order.id)}`);
        if (paying.waiting(now) || polling.current !== generation) continue;
        setPayLink(null);
        setNote(
          paying.paid(now) ? `订单 ${order.orderNo} 已支付` : `订单 ${order.orderNo} ${paying.text(now)}`,
        );
        await load();
        await loadOrders();
        return;
      }
    } catch (error) {
      fail(error);
    }
  };
  /**
   * 去支付: the prepay's cashier is loaded into `cashier`, a window opened at the click (one opened after an
   * await is blocked as a pop-up); without it, a link to the cashier is shown.
   */
  const pay = async (order: { id: string; orderNo: string }, cashier: Window | null) => {
    const kind = buyer?.kind ?? 'OUTLET';
    let prepay: Prepay;
    try {
      prepay = await call<Prepay>(PAYING[kind].pay, { id: order.id });
    } catch (error) {
      cashier?.close();
      fail(error);
      return;
    }
    const link = prepay.simulatorPayUrl ?? prepay.h5Url ?? '';
    if (cashier) cashier.location.href = link;
    else setPayLink(link);
    setNote(`订单 ${order.orderNo} 待支付，请在支付页完成付款`);
    await awaitPaid(kind, order, prepay.expiresAt);
  };
  const place = async () => {
    const online = buyer?.kind === 'EMPLOYEE' || method === 'ONLINE';
    const cashier = online ? window.open('', '_blank') : null;
    try {
      if (buyer?.kind === 'EMPLOYEE') {
        const placed = await call<{ id: string; orderNo: string }>('/employee/orders/place', {
          pickupPointId: point,
          paymentMethod: 'ONLINE',
        });
        await load();
        setTab('orders');
        await loadOrders();
        await pay(placed, cashier);
        return;
      }
      const placed = await call<{ id: string; orderNo: string }>('/orders/place', { paymentMethod: method });
      setNote(`订单 ${placed.orderNo} 已提交，等待审核`);
      await load();
      setTab('orders');
      await loadOrders();
      if (online) await pay(placed, cashier);
    } catch (error) {
      cashier?.close();
      fail(error);
    }
  };

  if (!signedIn) return <Login onIn={() => setSignedIn(true)} />;
  const qtyOf = (skuId: string) => cart.find((line) => line.skuId === skuId)?.cases ?? 0;
  return (
    <div className="mall">
      <header className="mall-header">
        <strong>{buyer?.kind === 'EMPLOYEE' ? '员工内购' : '门店订货'}</strong>
        <span>{buyer?.name}</span>
      </header>
      {buyer?.quota && (
        <p className="mall-quota">
          本月额度 ¥{buyer.quota.quotaAmount}，已用 ¥{buyer.quota.usedAmount}，剩余 ¥{buyer.quota.leftAmount}
        </p>
      )}
      {note && (
        <p className="mall-note" role="status">
          {note}
        </p>
      )}
      {payLink && (
        <p className="mall-note">
          <a href={payLink} target="_blank" rel="noreferrer">
            打开支付页
          </a>
        </p>
      )}
      {tab === 'shop' && (
        <main>
          {promotions.map((promotion) => (
            <p key={promotion.id} className="mall-promo">
              促销：{promotion.name}
            </p>
          ))}
          <ul className="mall-items">
            {items.map((item) => (
              <li key={item.skuId} aria-label={item.name}>
                <div>
                  <div className="mall-name">{item.name}</div>
                  <div className="mall-meta">
                    ¥{item.casePrice}/{item.saleUnit} · 库存 {item.availableCases}
                    {item.monthLimit != null && ` · 本月还可购 ${item.monthLeft}`}
                  </div>
                </div>
                <div className="mall-qty">
                  <button
                    type="button"
                    aria-label={`减少 ${item.name}`}
                    onClick={() => void setQty(item.skuId, qtyOf(item.skuId) - 1)}
                  >
                    −
                  </button>
                  <span>{qtyOf(item.skuId)}</span>
                  <button
                    type="button"
                    aria-label={`增加 ${item.name}`}
                    onClick={() => void setQty(item.skuId, qtyOf(item.skuId) + 1)}
                  >
                    +
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </main>
      )}
      {tab === 'cart' && (
        <main>
          <ul className="mall-items">
            {cart.map((line) => (
              <li key={line.skuId}>
                <span>{line.name}</span>
                <span>× {line.cases}</span>
              </li>
            ))}
          </ul>
          {cart.length === 0 && <p className="mall-note">购物车是空的</p>}
          {payable && <p className="mall-total">应付 ¥{payable}</p>}
          {buyer?.kind === 'OUTLET' && (
            <label className="mall-point">
              付款方式
              <select
                aria-label="付款方式"
                value={method}
                onChange={(e) => setMethod(e.target.value as 'ONLINE' | 'COD')}
              >
                <option value="ONLINE">在线支付（微信）</option>
                <option value="COD">货到付款</option>
              </select>
            </label>
          )}
          {buyer?.kind === 'EMPLOYEE' && (
            <label className="mall-point">
              自提点
              <select aria-label="自提点" value={point} onChange={(e) => setPoint(e.target.value)}>
                {points.map((each) => (
                  <option key={each.id} value={each.id}>
                    {each.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button
            type="button"
            className="mall-primary"
            disabled={cart.length === 0}
            onClick={() => void place()}
          >
            {buyer?.kind === 'EMPLOYEE' || method === 'ONLINE' ? '提交并支付' : '提交订单'}
          </button>
        </main>
      )}
      {tab === 'orders' && (
        <main>
          <ul className="mall-items">
            {orders.map((order) => (
              <li key={order.id}>
                <div>
                  <div className="mall-name">{order.orderNo}</div>
                  <div className="mall-meta">
                    {order.status_dictText} · ¥{order.payableAmount}
                    {'pickupPointName' in order
                      ? ` · ${order.pickupPointName}`
                      : ` · ${order.paymentStatus_dictText}`}
                  </div>
                  {'pickupCode' in order && order.pickupCode && (
                    <div className="mall-code" aria-label="提货码">
                      提货码 {order.pickupCode}
                    </div>
                  )}
                </div>
                {awaitsPayment(order) && (
                  <button
                    type="button"
                    aria-label={`去支付 ${order.orderNo}`}
                    onClick={() => void pay(order, window.open('', '_blank'))}
                  >
                    去支付
                  </button>
                )}
              </li>
            ))}
          </ul>
        </main>
      )}
      <nav className="mall-tabs">
        <button type="button" aria-pressed={tab === 'shop'} onClick={() => setTab('shop')}>
          商品
        </button>
        <button type="button" aria-pressed={tab === 'cart'} onClick={() => void openCart()}>
          购物车 {cart.reduce((sum, line) => sum + line.cases, 0) || ''}
        </button>
        <button
          type="button"
          aria-pressed={tab === 'orders'}
          onClick={() => {
            setTab('orders');
            void loadOrders();
          }}
        >
          我的订单
        </button>
      </nav>
    </div>
  );
}
