// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PackedUserOperation} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {MODULE_TYPE_VALIDATOR, VALIDATION_FAILED} from "@openzeppelin/contracts/interfaces/draft-IERC7579.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/// @title SessionKeyValidator
/// @notice ERC-7579 validator module (type 1) for time-limited, scoped session keys of a smart account,
/// installed as a non-root Kernel v3.1 validator (selector: execute). Per account, a session signer (an
/// EOA address) has a time window, a list of permitted (target, selector) pairs, a value limit per call,
/// a gas limit per user operation and a paymaster allowance. Sessions are added and revoked by the
/// account itself.
///
/// A user operation is valid when:
/// - its signature is the session signer's secp256k1 signature over the EIP-191 personal-message form of
///   the userOpHash (`personal_sign(userOpHash)`; the raw hash is NOT accepted), 65 bytes r ++ s ++ v;
/// - its callData is Kernel `execute(bytes32(0) /* single call, default exec */, abi.encodePacked(target,
///   value, data))` in canonical ABI encoding, where (target, first 4 bytes of data) is one of the
///   session's pairs (an empty data counts as selector 0x00000000; never the account or this validator)
///   and value <= the value limit;
/// - when the gas limit is not 0: preVerificationGas + verificationGasLimit + callGasLimit (+ the
///   paymaster's verification and post-op gas limits) <= the gas limit;
/// - the paymaster allowance holds: ANY (no rule), NONE (no paymaster) or ONLY (exactly `paymaster`);
/// - the block time is within [validAfter, validUntil]: returned packed in the validation data
///   (ERC-4337: validUntil << 160 | validAfter << 208) and enforced by the EntryPoint.
/// Anything else returns SIG_VALIDATION_FAILED (1), never a revert.
///
/// Install data (`onInstall`, Kernel's validatorData) is empty, or the first session: `abi.encode(Spec)`,
/// the argument of `addSession`.
///
/// Storage is keyed by the account last (mapping(... => mapping(account => ...))), so validation only
/// touches storage associated with the sender (ERC-7562). A permitted pair remembers the generation of the
/// session it belongs to: a new session of the same signer, a revocation or an uninstall leaves no stale
/// permission behind.
contract SessionKeyValidator {
    uint8 public constant PAYMASTER_ANY = 0;
    uint8 public constant PAYMASTER_NONE = 1;
    uint8 public constant PAYMASTER_ONLY = 2;

    struct Permission {
        address target;
        bytes4 selector;
    }

    /// A session as `addSession` takes it.
    struct Spec {
        address signer;
        uint48 validAfter;
        uint48 validUntil;
        uint128 valueLimit;
        uint64 gasLimit; // 0: no limit
        uint8 paymasterPolicy; // PAYMASTER_ANY, _NONE or _ONLY
        address paymaster; // PAYMASTER_ONLY: the one allowed
        Permission[] permissions;
    }

    struct Session {
        uint48 validAfter;
        uint48 validUntil; // 0: no session
        uint32 generation;
        uint128 valueLimit;
        uint64 gasLimit;
        uint8 paymasterPolicy;
        address paymaster;
    }

    struct AccountState {
        bool installed;
        uint32 counter; // last generation handed out
        uint32 floor; // sessions of generation <= floor are void (set by onUninstall)
    }

    event SessionAdded(address indexed account, address indexed signer, uint48 validAfter, uint48 validUntil, uint128 valueLimit);
    event SessionRevoked(address indexed account, address indexed signer);

    error NotInitialized(address account);
    error InvalidSession();

    bytes4 private constant EXECUTE_SELECTOR = 0xe9ae5c53; // execute(bytes32,bytes)
    bytes4 private constant ERC1271_INVALID = 0xffffffff;
    uint256 public constant MAX_SCOPE_ENTRIES = 32;

    mapping(address account => AccountState) private _accounts;
    mapping(address signer => mapping(address account => Session)) private _sessions;
    /// keccak256(abi.encode(signer, target, selector)) => generation of the session permitting the pair
    mapping(bytes32 entry => mapping(address account => uint32)) private _scope;

    // --- ERC-7579 module ---

    function onInstall(bytes calldata data) external payable {
        _accounts[msg.sender].installed = true;
        if (data.length == 0) return;
        _addSession(msg.sender, abi.decode(data, (Spec)));
    }

    /// Every session of the account becomes void.
    function onUninstall(bytes calldata) external payable {
        AccountState storage state = _accounts[msg.sender];
        if (!state.installed) revert NotInitialized(msg.sender);
        state.installed = false;
        state.floor = state.counter;
    }

    function isModuleType(uint256 typeId) external pure returns (bool) {
        return typeId == MODULE_TYPE_VALIDATOR;
    }

    function isInitialized(address account) external view returns (bool) {
        return _accounts[account].installed;
    }

    // --- Sessions, managed by the account ---

    /// Adds (or replaces) the session of `spec.signer` for the calling account.
    function addSession(Spec calldata spec) external {
        if (!_accounts[msg.sender].installed) revert NotInitialized(msg.sender);
        _addSession(msg.sender, spec);
    }

    function revokeSession(address signer) external {
        if (!_accounts[msg.sender].installed) revert NotInitialized(msg.sender);
        delete _sessions[signer][msg.sender];
        emit SessionRevoked(msg.sender, signer);
    }

    /// The session of `signer` on `account`; `present` is false when there is none (never added, revoked,
    /// or void after an uninstall), and then the rest is zero. The time window is not checked here.
    function sessionOf(address account, address signer) external view returns (bool present, Session memory session) {
        Session memory s = _sessions[signer][account];
        present = _live(account, s);
        if (present) session = s;
    }

    /// Whether the session of `signer` on `account` may call `selector` on `target` (time window aside).
    function isPermitted(address account, address signer, address target, bytes4 selector) external view returns (bool) {
        Session memory s = _sessions[signer][account];
        return _live(account, s) && _inScope(account, signer, s.generation, target, selector);
    }

    // --- Validation ---

    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash) external payable returns (uint256) {
        address account = msg.sender;
        (address signer, ECDSA.RecoverError failure, ) =
            ECDSA.tryRecover(MessageHashUtils.toEthSignedMessageHash(userOpHash), userOp.signature);
        Session memory s = _sessions[signer][account];
        (bool wellFormed, address target, uint256 value, bytes4 selector) = _decodeSingleExecute(userOp.callData);
        // Every check runs whatever the outcome of the others, so a stub signature estimates the same gas.
        bool ok = failure == ECDSA.RecoverError.NoError && signer != address(0);
        ok = _live(account, s) && ok;
        ok = _inScope(account, signer, s.generation, target, selector) && ok;
        ok = wellFormed && value <= s.valueLimit && target != account && target != address(this) && ok;
        ok = _withinGas(s.gasLimit, userOp) && _paymasterAllowed(s, userOp.paymasterAndData) && ok;
        if (!ok) return VALIDATION_FAILED;
        return (uint256(s.validUntil) << 160) | (uint256(s.validAfter) << 208);
    }

    /// Session keys sign user operations only.
    function isValidSignatureWithSender(address, bytes32, bytes calldata) external pure returns (bytes4) {
        return ERC1271_INVALID;
    }

    // --- Internals ---

    function _addSession(address account, Spec memory spec) private {
        uint256 count = spec.permissions.length;
        if (
            spec.signer == address(0) || spec.validUntil == 0 || spec.validUntil <= spec.validAfter || count == 0 ||
            count > MAX_SCOPE_ENTRIES || spec.paymasterPolicy > PAYMASTER_ONLY ||
            (spec.paymasterPolicy == PAYMASTER_ONLY) != (spec.paymaster != address(0))
        ) revert InvalidSession();
        AccountState storage state = _accounts[account];
        uint32 generation = ++state.counter;
        _sessions[spec.signer][account] = Session({
            validAfter: spec.validAfter,
            validUntil: spec.validUntil,
            generation: generation,
            valueLimit: spec.valueLimit,
            gasLimit: spec.gasLimit,
            paymasterPolicy: spec.paymasterPolicy,
            paymaster: spec.paymaster
        });
        for (uint256 i = 0; i < count; i++) {
            Permission memory p = spec.permissions[i];
            if (p.target == account || p.target == address(this)) revert InvalidSession();
            _scope[keccak256(abi.encode(spec.signer, p.target, p.selector))][account] = generation;
        }
        emit SessionAdded(account, spec.signer, spec.validAfter, spec.validUntil, spec.valueLimit);
    }

    function _live(address account, Session memory s) private view returns (bool) {
        return s.validUntil != 0 && s.generation > _accounts[account].floor && _accounts[account].installed;
    }

    function _inScope(address account, address signer, uint32 generation, address target, bytes4 selector) private view returns (bool) {
        return generation != 0 && _scope[keccak256(abi.encode(signer, target, selector))][account] == generation;
    }

    /// All the gas the operation may use: preVerificationGas, the account's verification and call gas
    /// limits (accountGasLimits = verificationGasLimit (16 bytes) ++ callGasLimit (16 bytes)) and, with a
    /// paymaster, its verification and post-op gas limits (paymasterAndData[20:52]).
    function _withinGas(uint64 limit, PackedUserOperation calldata userOp) private pure returns (bool) {
        if (limit == 0) return true;
        uint256 limits = uint256(userOp.accountGasLimits);
        uint256 total = userOp.preVerificationGas + (limits >> 128) + uint128(limits);
        bytes calldata pm = userOp.paymasterAndData;
        if (pm.length >= 52) total += uint128(bytes16(pm[20:36])) + uint128(bytes16(pm[36:52]));
        return total <= limit;
    }

    function _paymasterAllowed(Session memory s, bytes calldata paymasterAndData) private pure returns (bool) {
        if (s.paymasterPolicy == PAYMASTER_ANY) return true;
        bool sponsored = paymasterAndData.length >= 20;
        if (s.paymasterPolicy == PAYMASTER_NONE) return !sponsored;
        return sponsored && address(bytes20(paymasterAndData[0:20])) == s.paymaster;
    }

    /// Kernel `execute(bytes32 mode, bytes executionCalldata)` with mode 0 (single call, revert on
    /// failure) and canonical encoding; executionCalldata = target (20) ++ value (32) ++ data.
    function _decodeSingleExecute(bytes calldata callData)
        private
        pure
        returns (bool ok, address target, uint256 value, bytes4 selector)
    {
        if (callData.length < 100 || bytes4(callData[0:4]) != EXECUTE_SELECTOR) return (false, address(0), 0, 0);
        if (bytes32(callData[4:36]) != bytes32(0) || uint256(bytes32(callData[36:68])) != 0x40) return (false, address(0), 0, 0);
        uint256 length = uint256(bytes32(callData[68:100]));
        if (length < 52 || length > callData.length - 100) return (false, address(0), 0, 0);
        bytes calldata execution = callData[100:100 + length];
        target = address(bytes20(execution[0:20]));
        value = uint256(bytes32(execution[20:52]));
        if (length == 52) return (true, target, value, bytes4(0));
        if (length < 56) return (false, address(0), 0, 0);
        return (true, target, value, bytes4(execution[52:56]));
    }
}
