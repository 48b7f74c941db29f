/**
 * The stand-in's checkout script: Razorpay's Standard Checkout API (`new Razorpay(options)`, `.on
 * ('payment.failed', …)`, `.open()`, `options.handler`, `options.modal.ondismiss`) over a plain
 * overlay with three buttons. Pay and Fail ask this server's stand-in (POST /api/v1/payments/local/
 * pay), which answers what Razorpay's checkout would. English only: developers and tests see it.
 */
export const LOCAL_CHECKOUT_SCRIPT = `(function () {
  'use strict';
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.listeners = {};
  }
  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
  };
  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) { callback(payload); });
  };
  Razorpay.prototype.close = function () {
    if (this.overlay && this.overlay.parentNode) this.overlay.parentNode.removeChild(this.overlay);
    this.overlay = null;
  };
  Razorpay.prototype.open = function () {
    var self = this;
    var o = self.options;
    var amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: o.currency || 'INR' }).format((o.amount || 0) / 100);
    var overlay = document.createElement('div');
    overlay.setAttribute('data-testid', 'local-checkout');
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', 'Test payment');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:100000;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif';
    var box = document.createElement('div');
    box.style.cssText = 'background:#fff;color:#111;border-radius:12px;padding:20px;width:min(340px,92vw);box-shadow:0 8px 30px rgba(0,0,0,.3)';
    var title = document.createElement('p');
    title.style.cssText = 'margin:0 0 4px;font-weight:700';
    title.textContent = 'Test payment (no money moves)';
    var what = document.createElement('p');
    what.style.cssText = 'margin:0 0 16px';
    what.textContent = (o.description || 'Order') + ': ' + amount + (o.prefill && o.prefill.method ? ' by ' + o.prefill.method : '');
    box.appendChild(title);
    box.appendChild(what);
    function button(id, label, onClick) {
      var b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('data-testid', id);
      b.textContent = label;
      b.style.cssText = 'display:block;width:100%;margin-top:8px;padding:10px;border-radius:8px;border:1px solid #888;font-size:15px;cursor:pointer;background:#f4f4f4';
      b.addEventListener('click', onClick);
      box.appendChild(b);
      return b;
    }
    function pay(outcome) {
      Array.prototype.forEach.call(box.querySelectorAll('button'), function (b) { b.disabled = true; });
      fetch('/api/v1/payments/local/pay', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ providerOrderId: o.order_id, outcome: outcome, method: (o.prefill && o.prefill.method) || 'upi' })
      })
        .then(function (r) { return r.json(); })
        .then(function (result) {
          self.close();
          if (result && result.razorpay_payment_id) { if (o.handler) o.handler(result); }
          else self.emit('payment.failed', result && result.error ? result : { error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', reason: 'payment_failed' } });
        })
        .catch(function () {
          self.close();
          self.emit('payment.failed', { error: { code: 'GATEWAY_ERROR', description: 'Payment failed', reason: 'payment_failed' } });
        });
    }
    var payButton = button('local-checkout-pay', 'Pay ' + amount, function () { pay('success'); });
    button('local-checkout-fail', 'Fail the payment', function () { pay('failure'); });
    button('local-checkout-close', 'Close', function () {
      self.close();
      if (o.modal && o.modal.ondismiss) o.modal.ondismiss();
    });
    payButton.style.background = '#2b6cb0';
    payButton.style.color = '#fff';
    overlay.appendChild(box);
    document.body.appendChild(overlay);
    self.overlay = overlay;
    payButton.focus();
  };
  window.Razorpay = Razorpay;
})();
`;
