/**
 * The built-in test gateway's stand-in for MyFatoorah's embedded card form (session.js), served from our own origin
 * outside production only (GET /api/payment/sandbox/session.js). It offers the same entry point the checkout calls
 * on MyFatoorah's script: `myfatoorah.init({sessionId, countryCode, containerId, language, callback})` draws the form
 * into the container; its Pay button (or Apple Pay) records the choice with the session
 * (POST /api/payment/sandbox/session/:id) and calls `callback({isSuccess, sessionId, paymentType})`, after which the
 * checkout pays the session (POST /api/payment/execute). The tester picks a published test card (the 3-D Secure step
 * follows), the declined card, or Apple Pay: a card's key is posted, never a number. No inline script or style
 * attribute, so it runs under our CSP.
 */
export const SANDBOX_SESSION_SCRIPT = `(function () {
  'use strict';
  var TEXT = {
    en: {
      title: 'Test card form (MyFatoorah embedded payment emulation)',
      card: 'Test card',
      visa: 'Visa 4508 75•• •••• 1019',
      mastercard: 'Mastercard 5123 45•• •••• 0008',
      mada: 'mada 4464 04•• •••• 0007',
      declined: 'Declined card 4000 00•• •••• 0002',
      pay: 'Pay with this card',
      applePay: 'Pay with Apple Pay',
      failed: 'The test card form could not reach the test gateway.'
    },
    ar: {
      title: 'نموذج البطاقة التجريبي (محاكاة الدفع المضمّن من ماي فاتورة)',
      card: 'البطاقة التجريبية',
      visa: 'فيزا \\u20684508 75•• •••• 1019\\u2069',
      mastercard: 'ماستركارد \\u20685123 45•• •••• 0008\\u2069',
      mada: 'مدى \\u20684464 04•• •••• 0007\\u2069',
      declined: 'بطاقة مرفوضة \\u20684000 00•• •••• 0002\\u2069',
      pay: 'ادفع بهذه البطاقة',
      applePay: 'ادفع عبر Apple Pay',
      failed: 'تعذّر على نموذج البطاقة التجريبي الوصول إلى بوابة الاختبار.'
    }
  };
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text) e.textContent = text;
    return e;
  }
  function init(config) {
    var t = TEXT[config.language === 'ar' ? 'ar' : 'en'];
    var box = document.getElementById(config.containerId);
    if (!box) throw new Error('myfatoorah.init: no element #' + config.containerId);
    box.textContent = '';
    var form = el('form', { 'aria-label': t.title, 'data-testid': 'mf-test-form' });
    form.appendChild(el('p', {}, t.title));
    var label = el('label', { for: 'mf-test-card' }, t.card);
    var select = el('select', { id: 'mf-test-card', name: 'card' });
    ['visa', 'mastercard', 'mada', 'declined'].forEach(function (k) {
      select.appendChild(el('option', { value: k }, t[k]));
    });
    var pay = el('button', { type: 'submit' }, t.pay);
    var apple = el('button', { type: 'button' }, t.applePay);
    var error = el('p', { role: 'alert', hidden: 'hidden' });
    form.appendChild(label);
    form.appendChild(select);
    form.appendChild(pay);
    form.appendChild(apple);
    form.appendChild(error);
    box.appendChild(form);
    function submit(choice, type) {
      pay.disabled = apple.disabled = true;
      fetch('/api/payment/sandbox/session/' + encodeURIComponent(config.sessionId), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ card: choice })
      })
        .then(function (res) {
          if (!res.ok) throw new Error(String(res.status));
          config.callback({ isSuccess: true, sessionId: config.sessionId, paymentType: type });
        })
        .catch(function () {
          pay.disabled = apple.disabled = false;
          error.hidden = false;
          error.textContent = t.failed;
        });
    }
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      submit(select.value, 'Card');
    });
    apple.addEventListener('click', function () {
      submit('apple_pay', 'ApplePay');
    });
  }
  window.myfatoorah = { init: init };
})();
`;
