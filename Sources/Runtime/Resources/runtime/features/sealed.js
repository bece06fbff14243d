// Feature module: sealed addresses (email_protection: sealed). A sealed button's href is only "#": its address,
// chain and copy text are in data-sealed, encoded, so the address is never in the page as text until a tap reads
// it. Runs after the base (decisions.js, page.js), in the same function.

// Sealed data: base64 of the reversed UTF-8 bytes of JSON, so an address is never in the page as text.
function unseal(text) {
  var bytes = Uint8Array.from(atob(text), function (c) { return c.charCodeAt(0); }).reverse();
  return JSON.parse(new TextDecoder().decode(bytes));
}

linkReaders.push(function (link) {
  var sealed = link.dataset.sealed;
  return sealed && unseal(sealed);
});
