// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PackedUserOperation} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {MODULE_TYPE_VALIDATOR, VALIDATION_FAILED} from "@openzeppelin/contracts/interfaces/draft-IERC7579.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/// @title SessionKeyValidator
/// @notice ERC-7579 validator module (type 1) for time-limited, scoped session keys of a smart account,
/// installed as a non-root Kernel v3.1 validator (selector: execute). Per account, a session signer (an
/// EOA address) has a time window, a set of allowed call targets, a set of allowed function selectors and
/// a value limit per call. Sessions are added and revoked by the account itself.
///
/// A user operation is valid when:
/// - its signature is the session signer's secp256k1 signature over the EIP-191 personal-message form of
///   the userOpHash (`personal_sign(userOpHash)`; the raw hash is NOT accepted), 65 bytes r ++ s ++ v;
/// - its callData is Kernel `execute(bytes32(0) /* single call, default exec */, abi.encodePacked(target,
///   value, data))` in canonical ABI encoding, with target in the session's targets (never the account or
///   this validator), value <= the value limit and the first 4 bytes of data among the selectors (an
///   empty data counts as selector 0x00000000);
/// - the block time is within [validAfter, validUntil]: returned packed in the validation data
///   (ERC-4337: validUntil << 160 | validAfter << 208) and enforced by the EntryPoint.
/// Anything else returns SIG_VALIDATION_FAILED (1), never a revert.
///
/// Install data (`onInstall`, Kernel's validatorData) is empty, or the first session:
/// `abi.encode(address signer, uint48 validAfter, uint48 validUntil, uint128 valueLimit, address[] targets,
/// bytes4[] selectors)`, the arguments of `addSession`.
///
/// Storage is keyed by the account last (mapping(... => mapping(account => ...))), so validation only
/// touches storage associated with the sender (ERC-7562). A scope entry remembers the generation of the
/// session it belongs to: a new session of the same signer, a revocation or an uninstall leaves no stale
/// permission behind.
contract SessionKeyValidator {
    struct Session {
        uint48 validAfter;
        uint48 validUntil; // 0: no session
        uint32 generation;
        uint128 valueLimit;
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
    uint8 private constant TARGET = 1;
    uint8 private constant SELECTOR = 2;

    mapping(address account => AccountState) private _accounts;
    mapping(address signer => mapping(address account => Session)) private _sessions;
    /// keccak256(abi.encode(signer, TARGET, target)) or keccak256(abi.encode(signer, SELECTOR, selector)) => generation
    mapping(bytes32 entry => mapping(address account => uint32)) private _scope;

    // --- ERC-7579 module ---

    function onInstall(bytes calldata data) external payable {
        _accounts[msg.sender].installed = true;
        if (data.length == 0) return;
        (address signer, uint48 validAfter, uint48 validUntil, uint128 valueLimit, address[] memory targets, bytes4[] memory selectors) =
            abi.decode(data, (address, uint48, uint48, uint128, address[], bytes4[]));
        _addSession(msg.sender, signer, validAfter, validUntil, valueLimit, targets, selectors);
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

    /// Adds (or replaces) the session of `signer` for the calling account.
    function addSession(
        address signer,
        uint48 validAfter,
        uint48 validUntil,
        uint128 valueLimit,
        address[] calldata targets,
        bytes4[] calldata selectors
    ) external {
        if (!_accounts[msg.sender].installed) revert NotInitialized(msg.sender);
        _addSession(msg.sender, signer, validAfter, validUntil, valueLimit, targets, selectors);
    }

    function revokeSession(address signer) external {
        if (!_accounts[msg.sender].installed) revert NotInitialized(msg.sender);
        delete _sessions[signer][msg.sender];
        emit SessionRevoked(msg.sender, signer);
    }

    /// The session of `signer` on `account`; `present` is false when there is none (never added, revoked,
    /// or void after an uninstall). The time window is not checked here.
    function sessionOf(address account, address signer)
        external
        view
        returns (bool present, uint48 validAfter, uint48 validUntil, uint128 valueLimit)
    {
        Session memory s = _sessions[signer][account];
        present = _live(account, s);
        if (present) (validAfter, validUntil, valueLimit) = (s.validAfter, s.validUntil, s.valueLimit);
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
        if (!ok) return VALIDATION_FAILED;
        return (uint256(s.validUntil) << 160) | (uint256(s.validAfter) << 208);
    }

    /// Session keys sign user operations only.
    function isValidSignatureWithSender(address, bytes32, bytes calldata) external pure returns (bytes4) {
        return ERC1271_INVALID;
    }

    // --- Internals ---

    function _addSession(
        address account,
        address signer,
        uint48 validAfter,
        uint48 validUntil,
        uint128 valueLimit,
        address[] memory targets,
        bytes4[] memory selectors
    ) private {
        if (
            signer == address(0) || validUntil == 0 || validUntil <= validAfter || targets.length == 0 ||
            selectors.length == 0 || targets.length > MAX_SCOPE_ENTRIES || selectors.length > MAX_SCOPE_ENTRIES
        ) revert InvalidSession();
        AccountState storage state = _accounts[account];
        uint32 generation = ++state.counter;
        _sessions[signer][account] =
            Session({validAfter: validAfter, validUntil: validUntil, generation: generation, valueLimit: valueLimit});
        for (uint256 i = 0; i < targets.length; i++) {
            if (targets[i] == account || targets[i] == address(this)) revert InvalidSession();
            _scope[keccak256(abi.encode(signer, TARGET, targets[i]))][account] = generation;
        }
        for (uint256 i = 0; i < selectors.length; i++) {
            _scope[keccak256(abi.encode(signer, SELECTOR, selectors[i]))][account] = generation;
        }
        emit SessionAdded(account, signer, validAfter, validUntil, valueLimit);
    }

    function _live(address account, Session memory s) private view returns (bool) {
        return s.validUntil != 0 && s.generation > _accounts[account].floor && _accounts[account].installed;
    }

    function _inScope(address account, address signer, uint32 generation, address target, bytes4 selector) private view returns (bool) {
        bool targetOk = _scope[keccak256(abi.encode(signer, TARGET, target))][account] == generation;
        bool selectorOk = _scope[keccak256(abi.encode(signer, SELECTOR, selector))][account] == generation;
        return generation != 0 && targetOk && selectorOk;
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
