// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {PackedUserOperation} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {MODULE_TYPE_VALIDATOR, MODULE_TYPE_FALLBACK, VALIDATION_SUCCESS, VALIDATION_FAILED} from "@openzeppelin/contracts/interfaces/draft-IERC7579.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

interface IKernelRecoveryTarget {
    function rootValidator() external view returns (bytes21);
    function isModuleInstalled(uint256 moduleType, address module, bytes calldata additionalContext) external view returns (bool);
    function changeRootValidator(bytes21 rootValidator, address hook, bytes calldata validatorData, bytes calldata hookData) external payable;
}

interface IValidatorModule {
    function onInstall(bytes calldata data) external payable;
    function onUninstall(bytes calldata data) external payable;
}

/// @title RecoveryValidator
/// @notice Social recovery for Kernel v3.1 accounts, in two phases timelocked on chain, in two roles of one contract:
/// - ERC-7579 validator (type 1), installed as a NON-root validator allowed the selectors `initiateRecovery` and
///   `doRecovery` (installed twice, one selector each). Install data
///   `abi.encode(address[] guardians, uint256 threshold, uint256 delay)`. A user operation is valid only when its
///   callData calls one of those two and its signature holds at least `threshold` ECDSA signatures of distinct
///   guardians over the userOpHash (raw or EIP-191), 65 bytes each, concatenated in strictly ascending order of
///   the guardians' addresses.
/// - Fallback (type 3, delegatecall, EntryPoint-only) for both selectors, run in the account's context:
///   `initiateRecovery(validator, data)` records the pending recovery with `executableAt = block.timestamp +
///   delay` (`RecoveryInitiated`); `doRecovery(validator, data)` reverts `RecoveryNotDue` before executableAt and
///   `NoPendingRecovery` when none is pending (never initiated, cancelled, or already executed); after it, it
///   makes `validator` (with `data` as its install data) the account's root validator (`RecoveryExecuted`).
///   Kernel's changeRootValidator installs a validator only when it is not installed yet, so when the new root
///   is the current root (the same ECDSA validator with a new owner) the validator is re-initialised instead
///   (onUninstall, then onInstall(data)), and when it is an installed non-root validator it becomes root and
///   is re-initialised likewise.
/// The account itself (its owner's operation, msg.sender == account) cancels a pending recovery with
/// `cancelRecovery(account)`; guardians cannot, since their operations may only call the two selectors above.
/// Storage read during validation is associated with the account (ERC-7562 STO-021, which safe-mode bundlers
/// enforce): everything per account lives in mappings keyed by it, the guardians in a fixed-size array inside
/// its entry (slots keccak256(account . p) + 0..MAX_GUARDIANS), never a dynamic array (whose elements would lie
/// at keccak256(keccak256(account . p)), associated with nothing).
contract RecoveryValidator {
    event GuardiansSet(address indexed account, uint256 guardians, uint256 threshold, uint256 delay);
    event GuardiansCleared(address indexed account);
    event RecoveryInitiated(address indexed account, address indexed validator, bytes data, uint256 executableAt);
    event RecoveryExecuted(address indexed account, address indexed validator);
    event RecoveryCancelled(address indexed account, bytes32 recoveryHash);

    error InvalidGuardians();
    error InvalidThreshold();
    error NotInitialized(address account);
    error OnlyDelegateCall();
    error InvalidValidator();
    error InvalidDelay();
    error OnlyAccount();
    error NoPendingRecovery(address account);
    error OtherRecoveryPending(bytes32 recoveryHash);
    error RecoveryNotDue(uint256 executableAt);

    struct Pending {
        bytes32 recoveryHash;
        uint256 executableAt;
    }

    uint256 public constant MAX_GUARDIANS = 10;
    /// @notice Bounds of the per-account delay between initiation and execution, in seconds.
    uint256 public constant MIN_DELAY = 1;
    uint256 public constant MAX_DELAY = 30 days;
    bytes4 private constant ERC1271_INVALID = 0xffffffff;

    address private immutable self = address(this);

    struct GuardianSet {
        uint256 count;
        address[MAX_GUARDIANS] list;
    }

    mapping(address account => GuardianSet) private _guardians;
    mapping(address account => uint256) public thresholdOf;
    mapping(address account => uint256) public delayOf;
    mapping(address account => Pending) private _pending;

    // --- ERC-7579 module -----------------------------------------------------------------------------

    function onInstall(bytes calldata data) external payable {
        (address[] memory guardians, uint256 threshold, uint256 delay) = abi.decode(data, (address[], uint256, uint256));
        _set(msg.sender, guardians, threshold, delay);
    }

    function onUninstall(bytes calldata) external payable {
        if (thresholdOf[msg.sender] == 0) revert NotInitialized(msg.sender);
        delete _guardians[msg.sender];
        delete thresholdOf[msg.sender];
        delete delayOf[msg.sender];
        delete _pending[msg.sender];
        emit GuardiansCleared(msg.sender);
    }

    /// @notice The account replaces its guardian set and delay (a call from the account, e.g. through `execute`).
    /// A pending recovery keeps its executableAt.
    function setGuardians(address[] calldata guardians, uint256 threshold, uint256 delay) external {
        if (thresholdOf[msg.sender] == 0) revert NotInitialized(msg.sender);
        _set(msg.sender, guardians, threshold, delay);
    }

    /// @notice The pending recovery of `account` (zero when none): keccak256(abi.encode(validator, keccak256(data))).
    function pendingRecovery(address account) external view returns (bytes32 recoveryHash, uint256 executableAt) {
        Pending storage p = _pending[account];
        return (p.recoveryHash, p.executableAt);
    }

    /// @notice Only the account itself (msg.sender == account, i.e. its owner's operation) cancels its recovery.
    function cancelRecovery(address account) external {
        if (msg.sender != account) revert OnlyAccount();
        bytes32 recoveryHash = _pending[account].recoveryHash;
        if (recoveryHash == bytes32(0)) revert NoPendingRecovery(account);
        delete _pending[account];
        emit RecoveryCancelled(account, recoveryHash);
    }

    /// @notice Called by the account (from `initiateRecovery` in its context): starts the timelock of a recovery.
    function beginRecovery(address validator, bytes calldata data) external {
        address account = msg.sender;
        if (thresholdOf[account] == 0) revert NotInitialized(account);
        bytes32 pending = _pending[account].recoveryHash;
        if (pending != bytes32(0)) revert OtherRecoveryPending(pending);
        uint256 executableAt = block.timestamp + delayOf[account];
        _pending[account] = Pending(_recoveryHash(validator, data), executableAt);
        emit RecoveryInitiated(account, validator, data, executableAt);
    }

    /// @notice Called by the account (from `doRecovery` in its context): consumes its due recovery.
    function consumeRecovery(address validator, bytes calldata data) external {
        address account = msg.sender;
        Pending memory p = _pending[account];
        if (p.recoveryHash == bytes32(0)) revert NoPendingRecovery(account);
        if (p.recoveryHash != _recoveryHash(validator, data)) revert OtherRecoveryPending(p.recoveryHash);
        if (block.timestamp < p.executableAt) revert RecoveryNotDue(p.executableAt);
        delete _pending[account];
        emit RecoveryExecuted(account, validator);
    }

    function isModuleType(uint256 typeId) external pure returns (bool) {
        return typeId == MODULE_TYPE_VALIDATOR || typeId == MODULE_TYPE_FALLBACK;
    }

    function isInitialized(address account) external view returns (bool) {
        return thresholdOf[account] != 0;
    }

    function guardiansOf(address account) external view returns (address[] memory guardians) {
        GuardianSet storage set = _guardians[account];
        guardians = new address[](set.count);
        for (uint256 i = 0; i < guardians.length; i++) guardians[i] = set.list[i];
    }

    // --- Validation -----------------------------------------------------------------------------------

    function validateUserOp(PackedUserOperation calldata userOp, bytes32 userOpHash) external payable returns (uint256) {
        if (userOp.callData.length < 4) return VALIDATION_FAILED;
        bytes4 selector = bytes4(userOp.callData[0:4]);
        if (selector != this.doRecovery.selector && selector != this.initiateRecovery.selector) return VALIDATION_FAILED;
        return _approved(msg.sender, userOpHash, userOp.signature) ? VALIDATION_SUCCESS : VALIDATION_FAILED;
    }

    /// @dev Guardians never sign for the account (ERC-1271): only recovery operations.
    function isValidSignatureWithSender(address, bytes32, bytes calldata) external pure returns (bytes4) {
        return ERC1271_INVALID;
    }

    // --- Recovery (delegatecalled by the account) -----------------------------------------------------

    /// @notice Guardians' first phase: starts the timelock of recovering to `validator` with `data`.
    function initiateRecovery(address validator, bytes calldata data) external payable {
        if (address(this) == self) revert OnlyDelegateCall();
        if (validator == address(0) || validator == self) revert InvalidValidator();
        RecoveryValidator(self).beginRecovery(validator, data);
    }

    /// @notice Guardians' second phase, once executableAt has come: the initiated recovery runs.
    function doRecovery(address validator, bytes calldata data) external payable {
        if (address(this) == self) revert OnlyDelegateCall();
        if (validator == address(0) || validator == self) revert InvalidValidator();
        RecoveryValidator(self).consumeRecovery(validator, data);
        IKernelRecoveryTarget account = IKernelRecoveryTarget(address(this));
        bytes21 vId = bytes21(abi.encodePacked(bytes1(0x01), validator));
        bool installed = account.isModuleInstalled(MODULE_TYPE_VALIDATOR, validator, "");
        if (account.rootValidator() != vId) account.changeRootValidator(vId, address(0), data, "");
        if (installed) {
            IValidatorModule(validator).onUninstall("");
            IValidatorModule(validator).onInstall(data);
        }
    }

    // --- Internals ------------------------------------------------------------------------------------

    function _recoveryHash(address validator, bytes calldata data) private pure returns (bytes32) {
        return keccak256(abi.encode(validator, keccak256(data)));
    }

    function _set(address account, address[] memory guardians, uint256 threshold, uint256 delay) private {
        uint256 n = guardians.length;
        if (delay < MIN_DELAY || delay > MAX_DELAY) revert InvalidDelay();
        if (n == 0 || n > MAX_GUARDIANS) revert InvalidGuardians();
        if (threshold == 0 || threshold > n) revert InvalidThreshold();
        for (uint256 i = 0; i < n; i++) {
            if (guardians[i] == address(0)) revert InvalidGuardians();
            for (uint256 j = 0; j < i; j++) if (guardians[j] == guardians[i]) revert InvalidGuardians();
        }
        GuardianSet storage set = _guardians[account];
        for (uint256 i = 0; i < MAX_GUARDIANS; i++) {
            address next = i < n ? guardians[i] : address(0);
            if (set.list[i] != next) set.list[i] = next; // a smaller set clears the rest
        }
        set.count = n;
        thresholdOf[account] = threshold;
        delayOf[account] = delay;
        emit GuardiansSet(account, n, threshold, delay);
    }

    function _isGuardian(GuardianSet storage guardians, address who) private view returns (bool) {
        uint256 n = guardians.count;
        for (uint256 i = 0; i < n; i++) if (guardians.list[i] == who) return true;
        return false;
    }

    function _signer(GuardianSet storage guardians, bytes32 hash, bytes calldata signature) private view returns (address) {
        (address signer, ECDSA.RecoverError failure, ) = ECDSA.tryRecover(hash, signature);
        if (failure == ECDSA.RecoverError.NoError && _isGuardian(guardians, signer)) return signer;
        (signer, failure, ) = ECDSA.tryRecover(MessageHashUtils.toEthSignedMessageHash(hash), signature);
        if (failure == ECDSA.RecoverError.NoError && _isGuardian(guardians, signer)) return signer;
        return address(0);
    }

    function _approved(address account, bytes32 hash, bytes calldata signatures) private view returns (bool) {
        uint256 threshold = thresholdOf[account];
        if (threshold == 0 || signatures.length % 65 != 0) return false;
        uint256 count = signatures.length / 65;
        if (count < threshold || count > MAX_GUARDIANS) return false;
        GuardianSet storage guardians = _guardians[account];
        address previous = address(0);
        for (uint256 i = 0; i < count; i++) {
            address signer = _signer(guardians, hash, signatures[i * 65:(i + 1) * 65]);
            if (signer == address(0) || signer <= previous) return false;
            previous = signer;
        }
        return true;
    }
}
